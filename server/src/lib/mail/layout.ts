import type { MailMessage } from './message.ts';

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => escapeMap[c] as string);

export interface MailContent {
  to: string;
  subject: string;
  /** Opening line(s) of the mail, plain sentences. */
  intro: string[];
  /** A prominent code (the confirmation code), shown above the button. */
  code?: string;
  action?: { label: string; url: string };
  /** Closing sentences, e.g. how long the link stays valid. */
  outro: string[];
}

/** Renders one mail as plain text and as simple, inline-styled HTML (mail clients ignore stylesheets). */
export function renderMail(content: MailContent): MailMessage {
  const text = [
    ...content.intro,
    ...(content.code ? ['', `Your confirmation code: ${content.code}`] : []),
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    '',
    ...content.outro,
    '',
    '— Overlap',
  ].join('\n');

  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#3f3f46">${escapeHtml(line)}</p>`;
  const code = content.code
    ? `<p style="margin:8px 0 24px;font-size:30px;font-weight:600;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace;color:#18181b">${escapeHtml(content.code)}</p>`
    : '';
  const action = content.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#4f46e5;color:#ffffff;font-weight:600;font-size:14px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#71717a">Or paste this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Inter,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border:1px solid #e4e4e7;border-radius:8px">
<tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:16px;font-weight:700;color:#4f46e5">Overlap</p>
<h1 style="margin:0 0 16px;font-size:20px;color:#18181b">${escapeHtml(content.subject)}</h1>
${content.intro.map(paragraph).join('\n')}
${code}
${action}
${content.outro.map(paragraph).join('\n')}
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { to: content.to, subject: content.subject, text, html };
}
