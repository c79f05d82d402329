import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TRANSITIONS } from '../campaigns/campaign-machine';
import { MESSAGE_TRANSITIONS } from '../messages/message-machine';
import { nextState } from './state-machine';

describe('nextState, the one reader of both transition tables', () => {
  it('moves a message and a campaign as their tables say', () => {
    expect(nextState(MESSAGE_TRANSITIONS, 'PENDING', 'submitted')).toBe('SENT');
    expect(nextState(MESSAGE_TRANSITIONS, 'SENT', 'expired')).toBe('EXPIRED');
    expect(nextState(CAMPAIGN_TRANSITIONS, 'PROCESSING', 'processed')).toBe('SENDING');
    expect(nextState(CAMPAIGN_TRANSITIONS, 'SENDING', 'all_settled')).toBe('COMPLETED');
  });

  it('throws on a move the table does not list, naming the machine', () => {
    expect(() => nextState(MESSAGE_TRANSITIONS, 'DELIVERED', 'submitted', 'message')).toThrow(
      'Impossible message transition: DELIVERED --submitted-->',
    );
    expect(() => nextState(CAMPAIGN_TRANSITIONS, 'COMPLETED', 'processed', 'campaign')).toThrow(
      'Impossible campaign transition: COMPLETED --processed-->',
    );
  });
});
