/**
 * A message to a contact's number carries that contact, in a restored world too, and an
 * organization's number belongs to one contact.
 */
import { describe, expect, it } from 'vitest';
import { createMockService, jsonHeaders } from './support/mock';

function catching(call: () => unknown): object {
  try {
    call();
  } catch (error) {
    return error as object;
  }
  throw new Error('no error');
}

describe('contacts by number', () => {
  it('give a message its contact after a restore, and refuse a second contact per number', async () => {
    const original = createMockService();
    const demo = original.seedDemo();
    const mock = createMockService();
    mock.restore(original.snapshot());
    const send = async (to: string) => {
      const response = await mock.fetch(`${mock.baseUrl}/messages`, {
        method: 'POST',
        headers: jsonHeaders(demo.liveKey),
        body: JSON.stringify({ to, body: 'Olá' }),
      });
      const { id } = (await response.json()) as { id: string };
      const detail = await mock.fetch(`${mock.baseUrl}/messages/${id}`, {
        headers: jsonHeaders(demo.liveKey),
      });
      return ((await detail.json()) as { contact_id: string | null }).contact_id;
    };
    expect(await send(demo.contacts[1]!.e164)).toBe(demo.contacts[1]!.id);
    expect(await send('+244923999999')).toBeNull();

    const again = { organization_id: demo.organization.id, name: 'Twin' };
    const twin = () => mock.control.createContact({ ...again, number: demo.contacts[1]!.e164 });
    expect(twin).toThrow(expect.objectContaining({ fields: expect.anything() }));
    expect(JSON.stringify(Object.entries(catching(twin)))).toContain('already exists');
    const other = mock.control.createOrganization({ name: 'Other', balance: '1.000000' });
    expect(
      mock.control.createContact({
        ...again,
        organization_id: other.id,
        number: demo.contacts[1]!.e164,
      }),
    ).toMatchObject({ name: 'Twin' });
  });
});
