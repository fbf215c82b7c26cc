const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value that came from a user goes through this before it lands in an e-mail's HTML. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => escapes[c]!);
}

export interface LayoutInput {
  title: string;
  /** The inbox preview line. */
  preheader?: string;
  /** Already-escaped HTML for the body. */
  bodyHtml: string;
  unsubscribeUrl?: string;
}

/**
 * The one e-mail frame: table layout and inline styles, which is what mail clients render reliably.
 */
export function layout({ title, preheader = '', bodyHtml, unsubscribeUrl }: LayoutInput): string {
  const year = new Date().getFullYear();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellspacing="0" cellpadding="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0f3d56;padding:16px 24px;color:#ffffff;font-size:22px;font-weight:800;letter-spacing:2px">BISN</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#475569;line-height:1.5">
You receive this because you are a member of BISN, the Sacramento-region broker network.
${unsubscribeUrl ? `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#0f3d56">Unsubscribe from BISN e-mails</a>` : ''}
<br>&copy; ${year} BISN
</td></tr></table></td></tr></table></body></html>`;
}

/** Plain-text counterpart of the frame. */
export function textLayout({ title, bodyText, unsubscribeUrl }: { title: string; bodyText: string; unsubscribeUrl?: string }): string {
  return [`BISN — ${title}`, '', bodyText, '', '--', unsubscribeUrl ? `Unsubscribe: ${unsubscribeUrl}` : '', `© ${new Date().getFullYear()} BISN`]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
}
