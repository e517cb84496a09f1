// An atom's Questions page attaches and detaches questions: the membership lives on the
// question (`atoms`), so each is a version-checked, audited question change.
import type { Question as QuestionView } from '@skillquiz/contracts';
import { notFound } from '../../platform';
import { Atom } from '../models/atom';
import { patchQuestion } from './question-patch';

async function atomMustExist(atomId: string): Promise<void> {
  if (!(await Atom.exists({ _id: atomId }).exec())) throw notFound(`No atom with id '${atomId}'`);
}

export async function attachQuestion(
  atomId: string,
  questionId: number,
  version: number,
  actor: string,
): Promise<QuestionView> {
  await atomMustExist(atomId);
  return patchQuestion(questionId, version, actor, (before) => ({
    patch: { atoms: before.atoms.includes(atomId) ? before.atoms : [...before.atoms, atomId] },
    via: 'attach',
    detail: { atom: atomId },
  }));
}

export async function detachQuestion(
  atomId: string,
  questionId: number,
  version: number,
  actor: string,
): Promise<QuestionView> {
  await atomMustExist(atomId);
  return patchQuestion(questionId, version, actor, (before) => ({
    patch: { atoms: before.atoms.filter((a) => a !== atomId) },
    via: 'detach',
    detail: { atom: atomId },
  }));
}
