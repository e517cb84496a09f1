import { defaultTitleFor } from './defaultTitle';

it('is SkillQuiz, and SkillQuiz - Dashboard anywhere under /admin and /hiring', () => {
  expect(defaultTitleFor('/quiz/abc/question/2')).toBe('SkillQuiz');
  expect(defaultTitleFor('/404')).toBe('SkillQuiz');
  expect(defaultTitleFor('/administrator')).toBe('SkillQuiz');
  expect(defaultTitleFor('/admin')).toBe('SkillQuiz - Dashboard');
  expect(defaultTitleFor('/admin/questions/edit/7')).toBe('SkillQuiz - Dashboard');
  expect(defaultTitleFor('/hiring')).toBe('SkillQuiz - Dashboard');
  expect(defaultTitleFor('/hiring/invitations/abc')).toBe('SkillQuiz - Dashboard');
  expect(defaultTitleFor('/hiringx')).toBe('SkillQuiz');
});
