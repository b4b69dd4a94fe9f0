ALTER TABLE "integrations" ADD COLUMN "webhook_secret_encrypted" text;
-- GitHub, GitLab and Google Drive as the work-signals connectors describe and configure them.
--> statement-breakpoint
UPDATE "services" SET "description" = $desc$Commits and deployments from GitHub show when your developers are working, even when they never open the team chat.

## Setup

1. Open the integration's **Setup** tab and copy the webhook URL and secret.
2. In GitHub, open your organisation's (or a repository's) **Settings → Webhooks → Add webhook**.
3. Paste the URL as *Payload URL*, choose *application/json*, paste the secret, and pick the **push**, **deployment** and **deployment status** events.
4. Optionally connect GitHub (or give a personal access token) and name your organisations: Overlap then also checks for pushes the webhook missed.$desc$, "config_schema" = $json${"type":"object","properties":{"organizations":{"type":"string","label":"Organisations to check for missed pushes","description":"Comma separated GitHub organisation names.","placeholder":"acme, acme-labs"},"accessToken":{"type":"string","label":"Personal access token","description":"Only needed without Connect GitHub: a token that can read the organisations.","password":true}},"required":[]}$json$::jsonb,
  "token_authentication" = false, "category" = 'development', "updated_at" = now()
 WHERE "provider" = 'github';
--> statement-breakpoint
UPDATE "services" SET "description" = $desc$Commits pushed to GitLab show when your developers are working, on gitlab.com or your own GitLab server.

## Setup

1. Open the integration's **Setup** tab and copy the webhook URL and secret.
2. In GitLab, open the project's (or group's) **Settings → Webhooks → Add new webhook**.
3. Paste the URL, paste the secret as *Secret token*, and tick **Push events**.
4. Optionally add a personal access token (`read_api`) and project or group ids: Overlap then also checks for pushes the webhook missed.$desc$, "config_schema" = $json${"type":"object","properties":{"baseUrl":{"type":"string","label":"GitLab URL","description":"Leave empty for gitlab.com (or the server default); self-managed hosts work too.","placeholder":"https://gitlab.example.com"},"accessToken":{"type":"string","label":"Personal access token","description":"A token with the read_api scope, to check for pushes the webhook missed.","password":true},"projectIds":{"type":"string","label":"Project ids or paths","placeholder":"42, acme/api"},"groupIds":{"type":"string","label":"Group ids or paths","placeholder":"acme"}},"required":[]}$json$::jsonb,
  "token_authentication" = false, "category" = 'development', "updated_at" = now()
 WHERE "provider" = 'gitlab';
--> statement-breakpoint
UPDATE "services" SET "description" = $desc$Document edits in Google Drive show when people are working, and who shares files outside your organisation.

## Setup

1. Press **Connect Google Drive** and sign in with a Google account of your organisation.
2. A Google Workspace admin sees everyone's activity; anyone else sees the activity of files they can open.
3. Name your organisation's e-mail domains so that sharing with outsiders is recognised.$desc$, "config_schema" = $json${"type":"object","properties":{"internalDomains":{"type":"string","label":"Your organisation's e-mail domains","description":"Comma separated. People outside them count as external collaborators.","placeholder":"acme.com, acme.co.uk"}},"required":[]}$json$::jsonb,
  "token_authentication" = false, "category" = 'management', "updated_at" = now()
 WHERE "provider" = 'google';
