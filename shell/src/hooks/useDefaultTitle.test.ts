import { defaultTitleFor } from './useDefaultTitle';

it('is SkillQuiz, and SkillQuiz - Dashboard anywhere under /admin', () => {
  expect(defaultTitleFor('/quiz/abc/question/2')).toBe('SkillQuiz');
  expect(defaultTitleFor('/404')).toBe('SkillQuiz');
  expect(defaultTitleFor('/administrator')).toBe('SkillQuiz');
  expect(defaultTitleFor('/admin')).toBe('SkillQuiz - Dashboard');
  expect(defaultTitleFor('/admin/questions/edit/7')).toBe('SkillQuiz - Dashboard');
});
