// The steps at which an atom's response-time model is recalibrated (its version): pure arithmetic.
import { calibrationBase, nextCalibrationBase } from './time-model';

it('recalibrates every 10 finished quizzes up to 100, then every 10% of the base', () => {
  expect([0, 9, 10, 19, 20, 99, 100, 109, 110, 120, 121, 133, 134].map(calibrationBase)).toEqual([
    0, 0, 10, 10, 20, 90, 100, 100, 110, 110, 121, 121, 134,
  ]);
  expect(nextCalibrationBase(1000)).toBe(1100);
  expect(nextCalibrationBase(1001)).toBe(1102);
});

it('is recalibrated fewer than 100 times on the way to 100,000 quizzes', () => {
  let steps = 0;
  for (let base = 0; base <= 100_000; base = nextCalibrationBase(base)) {
    expect(calibrationBase(base)).toBe(base);
    expect(calibrationBase(nextCalibrationBase(base) - 1)).toBe(base);
    steps++;
  }
  expect(steps).toBeLessThan(100);
});
