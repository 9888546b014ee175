import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { CheckIcon } from '../icons';

export interface SetupStepProps {
  number: number;
  title: string;
  /** undefined: a step whose completion the server cannot tell (no state shown). */
  done?: boolean;
  testId: string;
  children: ReactNode;
}

/** One numbered step of an integration's setup, in an <ol className="setup-steps">, marked done once it is. */
export function SetupStep({ number, title, done, testId, children }: SetupStepProps) {
  const t = useT();
  return (
    <li
      className="card setup-step"
      data-testid={testId}
      data-state={done === undefined ? undefined : done ? 'done' : 'todo'}
    >
      <span className="setup-step-marker" aria-hidden="true">
        {done ? <CheckIcon /> : number}
      </span>
      <h2 className="setup-step-title">
        <span className="visually-hidden">{t('integrations.step', { number })} </span>
        {title}
        {done && <span className="chip chip-tint chip-active">{t('integrations.stepDone')}</span>}
      </h2>
      <div className="setup-step-body">{children}</div>
    </li>
  );
}
