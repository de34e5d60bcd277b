/**
 * SPEC §7 send-email types, rendered when the message is queued: the outbox stores the subject and
 * bodies (plain text, and HTML with every value escaped) next to the template name and its data.
 */
export type EmailTemplateData = {
  /** Sent when an admin approves a coach application. */
  coach_welcome: { coachName: string; dashboardUrl: string };
};

export type EmailTemplate = keyof EmailTemplateData;

export type RenderedEmail = { subject: string; bodyText: string; bodyHtml: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

const RENDERERS: { [T in EmailTemplate]: (data: EmailTemplateData[T]) => RenderedEmail } = {
  coach_welcome: ({ coachName, dashboardUrl }) => {
    const greeting = `Welcome to Wellspring, ${coachName}!`;
    const lines = [
      'Your coach application has been approved. You can now set up your profile and services, go online and take sessions.',
      'Start from your coach home:',
    ];
    return {
      subject: "You're approved to coach on Wellspring",
      bodyText: `${greeting}\n\n${lines[0]}\n\n${lines[1]} ${dashboardUrl}\n`,
      bodyHtml:
        `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(lines[0] ?? '')}</p>` +
        `<p><a href="${escapeHtml(dashboardUrl)}">Open your coach home</a></p>`,
    };
  },
};

export function renderEmail<T extends EmailTemplate>(template: T, data: EmailTemplateData[T]): RenderedEmail {
  return RENDERERS[template](data);
}
