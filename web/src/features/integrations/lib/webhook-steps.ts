/** Where to paste the webhook in each provider, step by step (the Setup tab). */
export const WEBHOOK_STEPS: Record<'github' | 'gitlab', { title: string; steps: string[] }> = {
  github: {
    title: 'Add the webhook in GitHub',
    steps: [
      "Open your organisation's (or a repository's) Settings, then Webhooks, then Add webhook.",
      'Paste the webhook URL as Payload URL and choose application/json as Content type.',
      'Paste the secret as Secret.',
      'Under "Which events", choose "Let me select individual events" and tick Pushes, Deployments and Deployment statuses.',
      'Keep Active ticked and press Add webhook. GitHub sends a ping; the webhook shows a green tick when it arrived.',
    ],
  },
  gitlab: {
    title: 'Add the webhook in GitLab',
    steps: [
      "Open the project's (or group's) Settings, then Webhooks, then Add new webhook.",
      'Paste the webhook URL as URL.',
      'Paste the secret as Secret token.',
      'Under Trigger, tick Push events (all branches, or the ones your team works on).',
      'Press Add webhook, then Test → Push events to send a first delivery.',
    ],
  },
};

/** The secret as shown until copied: its first 6 characters, then dots. */
export function maskWebhookSecret(secret: string): string {
  return `${secret.slice(0, 6)}${'•'.repeat(12)}`;
}
