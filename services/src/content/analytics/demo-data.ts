// The company whose invitations simulated candidates take: their quiz results are demo data.
export const DEMO_DATA_COMPANY = { name: 'SkillQuiz demo (simulated candidates)' } as const;
