/**
 * SPEC §7 send-email types, rendered when the message is queued: the outbox stores the subject and
 * bodies (plain text, and HTML with every value escaped) next to the template name and its data.
 */
export type EmailTemplateData = {
  /** Sent when an admin approves a coach application. */
  coach_welcome: { coachName: string; dashboardUrl: string };
  /** Sent to a gift's recipient on its delivery date. */
  gift_received: {
    senderName: string;
    /** What it is, e.g. "$25.00 of Wellspring credit" or "a 30-minute video session with Lena Ortiz". */
    giftDescription: string;
    /** The sender's message; may be empty. */
    message: string;
    /** `${publicUrl}/gift?claim=<id>`. */
    claimUrl: string;
  };
  /** SPEC §7: to a coach with no open tab when an instant request arrives. */
  coach_session_alert: {
    coachName: string;
    coachEmail: string;
    clientName: string;
    /** The format: text, audio or video. */
    sessionType: string;
    /** Minutes. */
    sessionDuration: number;
    /** The price held from the client, for display, e.g. "$24.00". */
    sessionPrice: string;
    /** Where the coach answers it (their coach home, where the request banner shows). */
    sessionUrl: string;
    /** How long the request waits, e.g. "3 minutes". */
    expiresIn: string;
  };
  /**
   * SPEC §7: to a coach with no open tab when a client writes (at most one per conversation per 15
   * minutes). `messageContent` is a preview, never the whole message.
   */
  coach_inquiry_alert: {
    coachName: string;
    clientName: string;
    messageContent: string;
    /** When it was sent (emailTime: "Sat, 28 Nov 2026, 07:10 UTC"). */
    messageTime: string;
    /** `${publicUrl}/chat/<conversation id>`. */
    chatUrl: string;
  };
  /** The same for a client with no open tab when their coach writes (#17). */
  client_message_alert: {
    clientName: string;
    coachName: string;
    messageContent: string;
    messageTime: string;
    chatUrl: string;
  };
  /**
   * To a visitor (no account) who wrote to a coach, when the coach answers (#17; at most one per
   * conversation per 15 minutes). `continueUrl` (`${publicUrl}/chat?inquiry=<id>`) signs them up or in
   * and continues the conversation in the account that confirms this address.
   */
  inquiry_answer: {
    visitorName: string;
    coachName: string;
    messageContent: string;
    messageTime: string;
    continueUrl: string;
  };
  /** SPEC §7: the coach's message to the client after a decline, cancel or expiry (SPEC §4, §5). */
  coach_decline_notification: {
    coachMessage: string;
    clientName: string;
    sessionType: string;
    /** declined, cancelled or expired. */
    requestStatus: string;
    /** Who wrote (not in SPEC §7's list; the email would not say otherwise). */
    coachName: string;
  };
  /** SPEC §7: the coach's notes and resources after a session, to the client. */
  coach_followup: {
    clientEmail: string;
    clientName: string;
    coachName: string;
    /** The format: text, audio or video. */
    sessionType: string;
    notes: string;
    /** Titles and https links (validated by contracts/followups.ts). */
    resources: { title: string; url: string }[];
    /** `${publicUrl}/session/<id>`: the session's details and chat transcript. */
    sessionUrl: string;
    /** `${publicUrl}/follow-up/<id>`: every follow-up of the session. */
    followupUrl: string;
  };
  /** SPEC §7 session_invitation: a party of a live session invites someone as a guest. */
  session_invitation: {
    inviteeEmail: string;
    /** Who invited: the coach's or the client's name. */
    inviterName: string;
    coachName: string;
    /** The format: text, audio or video. */
    sessionType: string;
    /** When the session started and when it ends, already written out (e.g. "Mon, 3 Mar 2025, 14:05 UTC"). */
    startsAt: string;
    endsAt: string;
    /** `${publicUrl}/session/<token>`: the one-time guest link. */
    joinUrl: string;
    /** When the link stops working, written out like the times above. */
    expiresAt: string;
  };
};

export type EmailTemplate = keyof EmailTemplateData;

export type RenderedEmail = { subject: string; bodyText: string; bodyHtml: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** A name is a single line in a subject: no line breaks from a profile can reach the header. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

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
  gift_received: ({ senderName, giftDescription, message, claimUrl }) => {
    // A name is a single line in a subject: no line breaks from a profile can reach the header.
    const sender = senderName.replace(/[\r\n]+/g, ' ').trim();
    const intro = `${sender} sent you a gift on Wellspring: ${giftDescription}.`;
    const note = message.trim();
    const howTo =
      'To claim it, sign in (or create an account) with this email address, confirm the address, and open:';
    return {
      subject: `${sender} sent you a gift on Wellspring`,
      bodyText:
        `${intro}\n\n` +
        (note ? `Their message:\n${note}\n\n` : '') +
        `${howTo}\n${claimUrl}\n\nOnce claimed, the amount is added to your Wellspring wallet.\n`,
      bodyHtml:
        `<p>${escapeHtml(intro)}</p>` +
        (note
          ? `<p>Their message:</p><blockquote style="white-space:pre-line">${escapeHtml(note)}</blockquote>`
          : '') +
        `<p>${escapeHtml(howTo)}</p>` +
        `<p><a href="${escapeHtml(claimUrl)}">Claim your gift</a></p>` +
        '<p>Once claimed, the amount is added to your Wellspring wallet.</p>',
    };
  },
  coach_session_alert: (data) => {
    const client = oneLine(data.clientName);
    const what = `${data.sessionDuration}-minute ${data.sessionType} session`;
    const intro = `Hi ${oneLine(data.coachName)}, ${client} is asking for a ${what} with you now (${data.sessionPrice}).`;
    const urgency = `The request waits ${data.expiresIn}. Open Wellspring to accept or decline it:`;
    return {
      subject: `${client} is requesting a session now`,
      bodyText: `${intro}\n\n${urgency}\n${data.sessionUrl}\n`,
      bodyHtml:
        `<p>${escapeHtml(intro)}</p><p>${escapeHtml(urgency)}</p>` +
        `<p><a href="${escapeHtml(data.sessionUrl)}">Open Wellspring</a></p>`,
    };
  },
  coach_inquiry_alert: (data) => messageAlert(data.coachName, data.clientName, data),
  client_message_alert: (data) => messageAlert(data.clientName, data.coachName, data),
  inquiry_answer: (data) => {
    const coach = oneLine(data.coachName);
    const greeting = `Hi ${oneLine(data.visitorName)},`;
    const intro = `${coach} answered your message on Wellspring (${data.messageTime}):`;
    const preview = oneLine(data.messageContent);
    const action = `To read it all and answer, sign up or sign in with this email address:`;
    return {
      subject: `${coach} answered your message`,
      bodyText: `${greeting}\n\n${intro}\n\n${preview}\n\n${action}\n${data.continueUrl}\n`,
      bodyHtml:
        `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
        `<blockquote>${escapeHtml(preview)}</blockquote>` +
        `<p>${escapeHtml(action)}</p><p><a href="${escapeHtml(data.continueUrl)}">Continue the conversation</a></p>`,
    };
  },
  coach_decline_notification: (data) => {
    const coach = oneLine(data.coachName);
    const about =
      data.requestStatus === 'cancelled'
        ? `About the ${data.sessionType} session you cancelled, ${coach} wrote to you:`
        : data.requestStatus === 'expired'
          ? `${coach} missed your ${data.sessionType} session request and wrote to you:`
          : `${coach} couldn't take your ${data.sessionType} session request and wrote to you:`;
    const greeting = `Hi ${oneLine(data.clientName)},`;
    const message = data.coachMessage.trim();
    return {
      subject: `A message from ${coach} about your session request`,
      bodyText: `${greeting}\n\n${about}\n\n${message}\n`,
      bodyHtml:
        `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(about)}</p>` +
        `<blockquote style="white-space:pre-line">${escapeHtml(message)}</blockquote>`,
    };
  },
  coach_followup: (data) => {
    const coach = oneLine(data.coachName);
    const greeting = `Hi ${oneLine(data.clientName)},`;
    const intro = `${coach} sent you notes after your ${data.sessionType} session:`;
    const notes = data.notes.trim();
    const resources = data.resources.map((resource) => ({
      title: oneLine(resource.title),
      url: resource.url,
    }));
    const links = 'See the session and its chat, or every follow-up, in Wellspring:';
    return {
      subject: `Notes from ${coach} after your session`,
      bodyText:
        `${greeting}\n\n${intro}\n\n${notes}\n\n` +
        (resources.length > 0
          ? `Resources:\n${resources.map((resource) => `- ${resource.title}: ${resource.url}`).join('\n')}\n\n`
          : '') +
        `${links}\n${data.sessionUrl}\n${data.followupUrl}\n`,
      bodyHtml:
        `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
        `<blockquote style="white-space:pre-line">${escapeHtml(notes)}</blockquote>` +
        (resources.length > 0
          ? '<p>Resources:</p><ul>' +
            resources
              .map(
                (resource) =>
                  `<li><a href="${escapeHtml(resource.url)}">${escapeHtml(resource.title)}</a></li>`,
              )
              .join('') +
            '</ul>'
          : '') +
        `<p>${escapeHtml(links)}</p>` +
        `<p><a href="${escapeHtml(data.sessionUrl)}">Open the session</a> · ` +
        `<a href="${escapeHtml(data.followupUrl)}">All follow-ups</a></p>`,
    };
  },
  session_invitation: (data) => {
    const inviter = oneLine(data.inviterName);
    const coach = oneLine(data.coachName);
    const intro = `${inviter} invited you to join their ${data.sessionType} session with ${coach} on Wellspring as a guest.`;
    const when = `The session started ${data.startsAt} and ends ${data.endsAt}.`;
    const how =
      'Open this link to join. It works once, for this session only, until ' +
      `${data.expiresAt}; no account or password is needed:`;
    const note =
      'As a guest you can read and write in the session chat. If you did not expect this, you can ignore this email.';
    return {
      subject: `${inviter} invited you to a session on Wellspring`,
      bodyText: `Hello,\n\n${intro}\n${when}\n\n${how}\n${data.joinUrl}\n\n${note}\n`,
      bodyHtml:
        `<p>Hello,</p><p>${escapeHtml(intro)}<br>${escapeHtml(when)}</p>` +
        `<p>${escapeHtml(how)}</p>` +
        `<p><a href="${escapeHtml(data.joinUrl)}">Join the session</a></p>` +
        `<p>${escapeHtml(note)}</p>`,
    };
  },
};

/** "Mon, 3 Mar 2025, 14:05 UTC": emails go to people in any time zone, so the zone is said. */
export const emailTime = (date: Date) =>
  `${new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(date)} UTC`;

/** A new message for someone away: who wrote, when, a preview, and the way to the conversation. */
function messageAlert(
  recipientName: string,
  senderName: string,
  data: { messageContent: string; messageTime: string; chatUrl: string },
): RenderedEmail {
  const sender = oneLine(senderName);
  const greeting = `Hi ${oneLine(recipientName)},`;
  const intro = `${sender} wrote to you on Wellspring (${data.messageTime}):`;
  const preview = oneLine(data.messageContent);
  const action = 'Read and answer it in Wellspring:';
  return {
    subject: `New message from ${sender}`,
    bodyText: `${greeting}\n\n${intro}\n\n${preview}\n\n${action}\n${data.chatUrl}\n`,
    bodyHtml:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
      `<blockquote>${escapeHtml(preview)}</blockquote>` +
      `<p><a href="${escapeHtml(data.chatUrl)}">Open the conversation</a></p>`,
  };
}

export function renderEmail<T extends EmailTemplate>(template: T, data: EmailTemplateData[T]): RenderedEmail {
  return RENDERERS[template](data);
}
