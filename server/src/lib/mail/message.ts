/** One e-mail, rendered (text and HTML). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
