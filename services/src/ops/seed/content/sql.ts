// The SQL demo atom. Standard SQL; where dialects differ the question says PostgreSQL.
// Query results were checked with SQLite where the two agree, the rest by the PostgreSQL manual.
import { questionBuilder } from './build';
import type { SeedAtom } from './types';

const q = questionBuilder('sql');

export const sqlAtom: SeedAtom = {
  id: 'sql',
  name: 'SQL',
  category: 'Databases',
  description:
    'Relational SQL (PostgreSQL flavour): joins, aggregation, subqueries, indexes, transactions, NULL handling, window functions and DDL.',
  description_html:
    '<p>Relational <strong>SQL</strong> (PostgreSQL flavour): joins, aggregation, subqueries, indexes, transactions, NULL handling, window functions and DDL.</p>',
  client_description:
    'Measures how well a developer writes and reasons about SQL queries, schema design and transactional behaviour.',
  level_1_description: 'Knows basic SELECT syntax but misreads joins and grouping.',
  level_2_description: 'Writes simple queries; unsure about outer joins, NULLs and aggregation.',
  level_3_description: 'Solid working knowledge: joins, grouping, subqueries and constraints used correctly.',
  level_4_description: 'Strong: uses window functions and indexes well and understands isolation.',
  level_5_description: 'Expert: predicts query plans, NULL semantics and concurrency anomalies.',
  eta_minutes: 15,
  num_questions: 10,
  format: 'Multiple Choice',
  beta: false,
  supported_programming_languages: ['sql'],
  levels_thresholds: ['-inf', -1, -0.25, 0.5, 1.25],
  beta_question_keys: ['sql-win-ntile', 'sql-ddl-serial-identity', 'sql-join-using'],
  questions: [
    // ---- joins
    q(
      'sql-join-left-vs-inner',
      'joins',
      [1.1, -0.8],
      'What does a `LEFT JOIN` return that an `INNER JOIN` on the same condition does not?',
      [
        "Rows of the left table with no match on the right, with NULLs in the right table's columns",
        'Rows of the right table with no match on the left',
        'Every combination of rows from both tables',
        'Only the rows that match on both sides, sorted by the left table',
      ],
      0,
    ),
    q(
      'sql-join-left-row-count',
      'joins',
      [1.2, 0.0],
      'How many rows does this query return?',
      ['3', '4', '5', '9'],
      1,
      {
        locked: true,
        code: `
-- customers(id, name): (1, 'Ann'), (2, 'Bob'), (3, 'Cy')
-- orders(id, customer_id): (10, 1), (11, 1), (12, 2)
SELECT c.name, o.id
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id;
`,
      },
    ),
    q(
      'sql-join-left-where',
      'joins',
      [1.3, 1.0],
      'What happens to customers that have no orders?',
      [
        'They are excluded: `o.total > 100` is not true for their NULL order columns, so the outer join acts like an inner join',
        'They are returned with `total` shown as NULL',
        'They are returned with `total` shown as 0',
        'The query fails, because a `WHERE` clause cannot refer to the right side of a `LEFT JOIN`',
      ],
      0,
      {
        code: `
SELECT c.name, o.total
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id
WHERE o.total > 100;
`,
      },
    ),
    q(
      'sql-join-cross-count',
      'joins',
      [1.0, -1.0],
      'A `CROSS JOIN` between a table of 4 rows and a table of 5 rows returns how many rows?',
      ['4', '5', '9', '20'],
      3,
      { locked: true },
    ),
    q(
      'sql-join-self',
      'joins',
      [1.0, -0.2],
      "Given `employees(id, name, manager_id)`, how do you list each employee next to their manager's name?",
      [
        'Join the table to itself: `FROM employees e JOIN employees m ON e.manager_id = m.id`',
        'Use `GROUP BY manager_id`',
        'Use `UNION` of `employees` with itself',
        'Use `WHERE manager_id = id`',
      ],
      0,
    ),
    q(
      'sql-join-full-outer',
      'joins',
      [0.9, -0.5],
      'Which join keeps the unmatched rows of both tables?',
      ['`FULL OUTER JOIN`', '`INNER JOIN`', '`LEFT JOIN`', '`CROSS JOIN`'],
      0,
    ),
    q(
      'sql-join-anti',
      'joins',
      [1.2, 0.4],
      'Which query lists the customers who have no orders?',
      [
        '`SELECT c.* FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL`',
        '`SELECT c.* FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE o.id = NULL`',
        '`SELECT c.* FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL`',
        '`SELECT c.* FROM customers c JOIN orders o ON o.customer_id <> c.id`',
      ],
      0,
    ),
    // ---- aggregation
    q(
      'sql-agg-where-vs-having',
      'aggregation',
      [1.1, -0.7],
      'What is the difference between `WHERE` and `HAVING`?',
      [
        '`WHERE` filters rows before grouping; `HAVING` filters groups after aggregation',
        '`HAVING` filters rows before grouping; `WHERE` filters groups after aggregation',
        'They are synonyms; `HAVING` is kept for compatibility',
        '`HAVING` can only be used with `ORDER BY`',
      ],
      0,
    ),
    q(
      'sql-agg-count-star-vs-column',
      'aggregation',
      [1.2, 0.2],
      'What does this query return?',
      ['4, 2', '4, 4', '2, 2', '2, 4'],
      0,
      {
        code: `
-- table t has a column x with the values: 1, NULL, 3, NULL
SELECT COUNT(*), COUNT(x) FROM t;
`,
      },
    ),
    q(
      'sql-agg-group-by-missing',
      'aggregation',
      [1.1, 0.3],
      'In PostgreSQL, what happens when this query runs (`id` is the primary key of `employees`)?',
      [
        'It fails, because `name` is neither in `GROUP BY` nor inside an aggregate',
        'It returns one arbitrary `name` per department',
        'It returns every employee, with the department count on each row',
        'It groups by both `department` and `name` automatically',
      ],
      0,
      {
        code: `
SELECT department, name, COUNT(*)
FROM employees
GROUP BY department;
`,
      },
    ),
    q(
      'sql-agg-count-distinct',
      'aggregation',
      [1.0, 0.1],
      'What does `COUNT(DISTINCT city)` count?',
      [
        'The number of different non-NULL values of `city`',
        'The number of rows, NULLs included',
        'The number of different values of `city`, counting NULL as one value',
        'The number of cities that appear exactly once',
      ],
      0,
    ),
    q(
      'sql-agg-having-sum',
      'aggregation',
      [0.9, -0.6],
      'What does this query return?',
      [
        'Each customer whose orders total more than 500, biggest spender first',
        'Each order over 500, largest first',
        'The total of all orders over 500',
        'Each customer with more than 500 orders',
      ],
      0,
      {
        code: `
SELECT customer_id, SUM(total) AS spent
FROM orders
GROUP BY customer_id
HAVING SUM(total) > 500
ORDER BY spent DESC;
`,
      },
    ),
    q(
      'sql-agg-sum-no-rows',
      'aggregation',
      [1.3, 1.3],
      'What does `SELECT SUM(amount) FROM payments WHERE 1 = 0` return?',
      ['One row containing NULL', 'One row containing 0', 'No rows', 'An error'],
      0,
    ),
    q(
      'sql-agg-count-rows',
      'aggregation',
      [0.8, -2.0],
      'Which expression returns the number of rows in each group?',
      ['`COUNT(*)`', '`SUM(*)`', '`NUM_ROWS()`', '`LENGTH(*)`'],
      0,
    ),
    // ---- subqueries
    q(
      'sql-subq-not-in-null',
      'subqueries',
      [1.6, 1.7],
      'What does this query return?',
      ['No rows', 'The ids 2 and 3', 'The ids 2, 3 and NULL', 'The id 1'],
      0,
      {
        code: `
-- a(id): 1, 2, 3
-- b(a_id): 1, NULL
SELECT id FROM a
WHERE id NOT IN (SELECT a_id FROM b);
`,
      },
    ),
    q(
      'sql-subq-exists',
      'subqueries',
      [1.0, -0.1],
      'When is `WHERE EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)` true for a customer row `c`?',
      [
        'When at least one order row has that customer id',
        'When the subquery returns the value 1',
        'When exactly one order row has that customer id',
        "When the customer's id column is not NULL",
      ],
      0,
    ),
    q(
      'sql-subq-correlated',
      'subqueries',
      [1.1, 0.3],
      'What makes a subquery correlated?',
      [
        'It refers to columns of the outer query, so it is logically evaluated once per outer row',
        'It returns more than one column',
        'It appears in the `FROM` clause',
        'It uses a `JOIN` inside',
      ],
      0,
    ),
    q(
      'sql-subq-scalar-multi',
      'subqueries',
      [1.2, 0.8],
      'A scalar subquery in the `SELECT` list returns two rows for some outer row. What happens?',
      [
        'The query fails with an error',
        'The first of the two rows is used',
        'The outer row is returned twice',
        'NULL is used for that outer row',
      ],
      0,
    ),
    q(
      'sql-subq-above-average',
      'subqueries',
      [0.9, -1.1],
      'What does this query return?',
      [
        'Employees paid more than the average salary of all employees',
        'The average salary of employees paid more than average',
        'Employees paid more than the average salary of their own department',
        'The employee with the highest salary',
      ],
      0,
      {
        code: `
SELECT name, salary
FROM employees
WHERE salary > (SELECT AVG(salary) FROM employees);
`,
      },
    ),
    q(
      'sql-subq-cte',
      'subqueries',
      [1.0, -0.3],
      'What does a `WITH` clause (common table expression) define?',
      [
        'A named result set that the statement following it can query like a table',
        'A permanent view stored in the schema',
        'A temporary table that lasts until the session ends',
        'An index used only by the current query',
      ],
      0,
    ),
    // ---- indexes
    q(
      'sql-idx-composite-prefix',
      'indexes',
      [1.2, 0.4],
      'A table has a B-tree index on `(last_name, first_name)`. Which condition can be answered by searching that index on its leading column?',
      [
        "`WHERE last_name = 'Lee'`",
        "`WHERE first_name = 'Ann'`",
        "`WHERE last_name LIKE '%ee'`",
        "`WHERE first_name = 'Ann' OR last_name = 'Lee'`",
      ],
      0,
    ),
    q(
      'sql-idx-cost',
      'indexes',
      [1.0, -0.6],
      'What is the main cost of adding an index?',
      [
        'Slower writes and extra storage, because every insert, update and delete must maintain it',
        'Slower reads on the indexed column',
        'The table is locked for reads while the index exists',
        'Rows can no longer be updated in place',
      ],
      0,
    ),
    q(
      'sql-idx-expression',
      'indexes',
      [1.2, 0.9],
      "There is a B-tree index on `users(email)`. Why can't `WHERE lower(email) = 'a@b.com'` use it?",
      [
        'The index holds `email` values, not `lower(email)`; an index on the expression `lower(email)` is needed',
        'B-tree indexes cannot be used for text columns',
        'Functions are not allowed in a `WHERE` clause that uses an index',
        'The index is only used for `ORDER BY`',
      ],
      0,
    ),
    q(
      'sql-idx-leading-wildcard',
      'indexes',
      [1.1, 0.6],
      "Why can't a plain B-tree index on `name` speed up `WHERE name LIKE '%son'`?",
      [
        'The pattern has no fixed prefix, so there is no range of the sorted index to search',
        '`LIKE` never uses indexes',
        'B-tree indexes only support numeric columns',
        'The `%` wildcard makes the query case-insensitive',
      ],
      0,
    ),
    q(
      'sql-idx-unique-nulls',
      'indexes',
      [1.3, 1.2],
      'In PostgreSQL, a column has a plain `UNIQUE` constraint. Can two rows both have NULL in it?',
      [
        'Yes: by default NULLs are not considered equal to each other',
        'No: the second NULL violates the constraint',
        'Only if the column is also part of the primary key',
        'Only inside one transaction',
      ],
      0,
    ),
    q(
      'sql-idx-explain',
      'indexes',
      [0.9, -1.2],
      'Which command shows the plan the database will use for a query, such as whether it uses an index?',
      ['`EXPLAIN`', '`DESCRIBE INDEX`', '`SHOW PLAN OFF`', '`ANALYZE TABLE ... INDEXES`'],
      0,
    ),
    q(
      'sql-idx-low-selectivity',
      'indexes',
      [1.2, 1.0],
      'Half the rows of `users` have `active = true`. Why is an index on `active` usually not used for `WHERE active = true`?',
      [
        'Fetching half the table through the index costs more than reading the table sequentially',
        'Boolean columns cannot be indexed',
        'The optimizer never uses an index for equality conditions',
        'The index is rebuilt on every query',
      ],
      0,
    ),
    // ---- transactions
    q(
      'sql-tx-atomicity',
      'transactions',
      [0.9, -1.5],
      "What does the 'A' in ACID stand for?",
      [
        "Atomicity: all of a transaction's changes are applied, or none of them",
        'Availability: the database answers every request',
        'Aggregation: changes are batched before they are written',
        'Authorization: every transaction is checked against user rights',
      ],
      0,
    ),
    q(
      'sql-tx-rollback',
      'transactions',
      [1.0, -0.7],
      'The `accounts` table was empty before this script. What does the final `SELECT` return?',
      ['0', '1', 'An error, because the row is still locked', 'NULL'],
      0,
      {
        code: `
BEGIN;
INSERT INTO accounts (id, balance) VALUES (1, 100);
UPDATE accounts SET balance = balance - 30 WHERE id = 1;
ROLLBACK;
SELECT COUNT(*) FROM accounts WHERE id = 1;
`,
      },
    ),
    q(
      'sql-tx-read-committed',
      'transactions',
      [1.2, 0.8],
      'Which anomaly does the `READ COMMITTED` isolation level prevent?',
      ['Dirty reads', 'Non-repeatable reads', 'Phantom reads', 'Lost updates in read-modify-write cycles'],
      0,
    ),
    q(
      'sql-tx-savepoint',
      'transactions',
      [1.1, 0.5],
      'What does `ROLLBACK TO SAVEPOINT s1` do?',
      [
        'Undoes the changes made after savepoint `s1`, keeping the transaction open',
        'Undoes the whole transaction and ends it',
        'Commits the changes made before `s1`',
        'Deletes savepoint `s1` without undoing anything',
      ],
      0,
    ),
    q(
      'sql-tx-lost-update',
      'transactions',
      [1.4, 1.4],
      "Two sessions run this at the same time under PostgreSQL's default `READ COMMITTED`, and both read 10. What is the final stock?",
      [
        '9, a lost update; `SELECT ... FOR UPDATE` or `SET stock = stock - 1` avoids it',
        '8, because concurrent updates are serialised automatically',
        '10, because the two transactions cancel each other out',
        'The second `UPDATE` fails with a serialization error',
      ],
      0,
      {
        code: `
BEGIN;
SELECT stock FROM items WHERE id = 7;   -- both sessions read 10
-- the application computes 10 - 1 and writes it back:
UPDATE items SET stock = 9 WHERE id = 7;
COMMIT;
`,
      },
    ),
    q(
      'sql-tx-deadlock',
      'transactions',
      [1.1, 0.6],
      'Two transactions each hold a row lock the other one needs next. What does PostgreSQL do?',
      [
        'It detects the deadlock and aborts one of the transactions with an error',
        'Both transactions wait forever',
        'It commits both transactions in arrival order',
        'It silently skips the locked rows',
      ],
      0,
    ),
    // ---- NULL handling
    q(
      'sql-null-equals',
      'null_handling',
      [1.1, -0.4],
      'What does `SELECT * FROM t WHERE col = NULL` return?',
      [
        'No rows, because the comparison is never true; use `col IS NULL`',
        'The rows where `col` is NULL',
        'Every row',
        'An error',
      ],
      0,
    ),
    q(
      'sql-null-coalesce',
      'null_handling',
      [1.0, -0.9],
      "What is `COALESCE(NULL, NULL, 'x', 'y')`?",
      ["`'x'`", "`'y'`", '`NULL`', "`'xy'`"],
      0,
    ),
    q(
      'sql-null-concat',
      'null_handling',
      [1.1, 0.7],
      "In PostgreSQL, what is `'a' || NULL`?",
      ['`NULL`', "`'a'`", "`'aNULL'`", 'An error'],
      0,
    ),
    q(
      'sql-null-or-true',
      'null_handling',
      [1.2, 1.1],
      'What does `NULL OR TRUE` evaluate to?',
      ['`TRUE`', '`NULL`', '`FALSE`', 'An error'],
      0,
    ),
    q(
      'sql-null-order-by',
      'null_handling',
      [1.2, 1.3],
      'In PostgreSQL, where do NULLs appear in `ORDER BY x ASC` when no `NULLS FIRST/LAST` is given?',
      [
        'Last, because NULL sorts as larger than every other value',
        'First, because NULL sorts as smaller than every other value',
        'They are left out of the result',
        'In insertion order among the other values',
      ],
      0,
    ),
    q(
      'sql-null-nullif',
      'null_handling',
      [1.1, 0.5],
      'Why is `total / NULLIF(count, 0)` a common idiom?',
      [
        'When `count` is 0 the divisor becomes NULL, so the result is NULL instead of a division-by-zero error',
        'It replaces NULL counts with 0',
        'It rounds the result to an integer',
        'It makes the division skip rows where `total` is NULL',
      ],
      0,
    ),
    q(
      'sql-null-avg',
      'null_handling',
      [1.2, 0.6],
      'A column `x` holds the values 2, NULL and 4. What is `AVG(x)`?',
      ['`2`', '`3`', '`6`', '`NULL`'],
      1,
      { locked: true },
    ),
    // ---- window functions
    q(
      'sql-win-row-number',
      'window_functions',
      [1.1, 0.2],
      'What does the `rn` column contain?',
      [
        'Within each department, 1 for the highest salary, 2 for the next, and so on',
        'A running count of employees across the whole table',
        'The number of employees in each department',
        'The rank of each department by total salary',
      ],
      0,
      {
        code: `
SELECT name, dept,
       ROW_NUMBER() OVER (PARTITION BY dept ORDER BY salary DESC) AS rn
FROM employees;
`,
      },
    ),
    q(
      'sql-win-rank-vs-dense-rank',
      'window_functions',
      [1.3, 0.9],
      'The `scores` table holds 90, 90 and 80. For the row with 80, what are `r` and `dr`?',
      ['r = 3, dr = 2', 'r = 2, dr = 2', 'r = 3, dr = 3', 'r = 2, dr = 3'],
      0,
      {
        code: `
SELECT score,
       RANK()       OVER (ORDER BY score DESC) AS r,
       DENSE_RANK() OVER (ORDER BY score DESC) AS dr
FROM scores;
`,
      },
    ),
    q(
      'sql-win-vs-group-by',
      'window_functions',
      [1.1, 0.0],
      'How does an aggregate used as a window function (with `OVER`) differ from the same aggregate with `GROUP BY`?',
      [
        'It keeps one output row per input row instead of collapsing each group into one row',
        'It can only be used on numeric columns',
        'It ignores the `WHERE` clause',
        'It always sorts the result',
      ],
      0,
    ),
    q(
      'sql-win-running-total',
      'window_functions',
      [1.2, 0.3],
      '`sales` holds (day 1, 10), (day 2, 20), (day 3, 5). What is `running` for day 3?',
      ['5', '25', '30', '35'],
      3,
      {
        locked: true,
        code: `
SELECT day, amount,
       SUM(amount) OVER (ORDER BY day) AS running
FROM sales;
`,
      },
    ),
    q(
      'sql-win-lag-first',
      'window_functions',
      [1.1, 0.7],
      'What does `LAG(amount) OVER (ORDER BY day)` return for the first day?',
      ['`NULL`', '`0`', 'The amount of the first day', 'The amount of the last day'],
      0,
    ),
    q(
      'sql-win-in-where',
      'window_functions',
      [1.3, 1.2],
      'Why is `WHERE ROW_NUMBER() OVER (ORDER BY created_at) = 1` rejected?',
      [
        'Window functions are computed after `WHERE`; filter on them in an outer query or a CTE',
        '`ROW_NUMBER` needs a `PARTITION BY` clause',
        'Window functions can only appear in `ORDER BY`',
        '`ROW_NUMBER` starts at 0, so the condition is invalid',
      ],
      0,
    ),
    // ---- DDL
    q(
      'sql-ddl-primary-key',
      'ddl',
      [1.0, -1.3],
      'Which constraints does a `PRIMARY KEY` imply for its columns?',
      ['`UNIQUE` and `NOT NULL`', '`UNIQUE` only', '`NOT NULL` only', '`CHECK` and `DEFAULT`'],
      0,
    ),
    q(
      'sql-ddl-on-delete-cascade',
      'ddl',
      [1.0, -0.3],
      'What happens to the orders of a customer when that customer row is deleted?',
      [
        'They are deleted too',
        'Their `customer_id` is set to NULL',
        'The delete fails while orders reference the customer',
        'They are kept unchanged, pointing at a missing customer',
      ],
      0,
      {
        code: `
CREATE TABLE orders (
  id          integer PRIMARY KEY,
  customer_id integer REFERENCES customers (id) ON DELETE CASCADE
);
`,
      },
    ),
    q(
      'sql-ddl-truncate',
      'ddl',
      [1.1, 0.8],
      'How does `TRUNCATE orders` differ from `DELETE FROM orders`?',
      [
        'It removes all rows at once without scanning them and does not fire per-row `DELETE` triggers',
        'It removes the table definition as well as the rows',
        'It only removes rows older than the last checkpoint',
        'It can be filtered with a `WHERE` clause',
      ],
      0,
    ),
    q(
      'sql-ddl-add-not-null',
      'ddl',
      [1.2, 0.9],
      'In PostgreSQL, what happens when this runs on a `users` table that already has rows?',
      [
        'It fails, because the existing rows would get NULL; a `DEFAULT` is needed',
        'It succeeds and fills the existing rows with an empty string',
        'It succeeds and leaves the existing rows NULL',
        'It succeeds but the constraint only applies to new rows',
      ],
      0,
      {
        code: `
ALTER TABLE users ADD COLUMN country text NOT NULL;
`,
      },
    ),
    q(
      'sql-ddl-check-null',
      'ddl',
      [1.5, 1.6],
      'The column is `price numeric CHECK (price > 0)` and allows NULL. What happens on `INSERT` of a row with `price` NULL?',
      [
        'It succeeds, because a check that evaluates to NULL is not a violation',
        'It fails, because NULL is not greater than 0',
        'It succeeds and stores 0 instead',
        'It fails, because CHECK implies NOT NULL',
      ],
      0,
    ),
    q(
      'sql-ddl-check-zero',
      'ddl',
      [0.9, -0.5],
      'What happens on `INSERT INTO products (price) VALUES (0)` when `price` has `CHECK (price > 0)`?',
      [
        'The insert is rejected with a check constraint violation',
        'The row is inserted with price 0',
        'The row is inserted with price NULL',
        'The row is silently skipped',
      ],
      0,
    ),
    q(
      'sql-ddl-create-table',
      'ddl',
      [0.8, -2.3],
      'Which statement creates a new table?',
      ['`CREATE TABLE`', '`INSERT TABLE`', '`NEW TABLE`', '`ALTER TABLE ADD`'],
      0,
    ),
    // ---- beta (unscored)
    q(
      'sql-win-ntile',
      'window_functions',
      [1.0, 0.8],
      'What does `NTILE(4) OVER (ORDER BY score)` assign to each row?',
      [
        'A bucket number from 1 to 4, splitting the ordered rows into four groups of nearly equal size',
        'The score rounded to a multiple of 4',
        'The row number divided by 4',
        '1 for the top 4 rows and NULL for the others',
      ],
      0,
      { administered: false },
    ),
    q(
      'sql-ddl-serial-identity',
      'ddl',
      [1.0, 0.2],
      'Which column definition gives auto-generated integer ids in standard SQL, as supported by PostgreSQL 10 and later?',
      [
        '`id integer GENERATED ALWAYS AS IDENTITY`',
        '`id integer AUTO_NUMBER`',
        '`id integer DEFAULT NEXT`',
        '`id integer INCREMENT BY 1`',
      ],
      0,
      { administered: false },
    ),
    q(
      'sql-join-using',
      'joins',
      [0.9, 0.1],
      'What does `JOIN orders USING (customer_id)` mean?',
      [
        'Join on equality of the `customer_id` column present in both tables, returning it once',
        'Join only when `customer_id` is not NULL on the left side',
        'Use the index on `customer_id` for the join',
        'Join every row whose `customer_id` appears anywhere in `orders`',
      ],
      0,
      { administered: false },
    ),
    // ---- translated variations (not administered in the English quiz)
    q(
      'sql-null-equals-es',
      'null_handling',
      [1.1, -0.4],
      '¿Qué devuelve `SELECT * FROM t WHERE col = NULL`?',
      [
        'Ninguna fila, porque la comparación nunca es verdadera; hay que usar `col IS NULL`',
        'Las filas en las que `col` es NULL',
        'Todas las filas',
        'Un error',
      ],
      0,
      { administered: false, language: 'es', variation_of: 'sql-null-equals' },
    ),
    q(
      'sql-join-left-row-count-de',
      'joins',
      [1.2, 0.0],
      'Wie viele Zeilen liefert diese Abfrage?',
      ['3', '4', '5', '9'],
      1,
      {
        locked: true,
        administered: false,
        language: 'de',
        variation_of: 'sql-join-left-row-count',
        code: `
-- customers(id, name): (1, 'Ann'), (2, 'Bob'), (3, 'Cy')
-- orders(id, customer_id): (10, 1), (11, 1), (12, 2)
SELECT c.name, o.id
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.id;
`,
      },
    ),
  ],
};
