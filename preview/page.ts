/** The preview's HTML: a scene's messages laid out like Discord's chat (dark theme), and the index with one frame per width. */
import type { APIActionRowComponent, APIEmbed } from 'discord-api-types/v10';
import type { GameButton, PayloadFile, PreviewMessage } from './bot.js';
import { escapeHtml, inline, markdown } from './markdown.js';
import type { Scene } from './scenes.js';

/** The widths the index shows side by side: three phones and a desktop window. */
export const WIDTHS = [360, 390, 412, 1280] as const;

/** Discord's button styles (API numbers) as the page's class names. */
const BUTTON_CLASS: Readonly<Record<number, string>> = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'primary' };

/** Where the page fetches an attached file. */
export type FileUrl = (message: number, name: string) => string;

const hex = (color: number | undefined): string => (color === undefined ? '#1e1f22' : `#${color.toString(16).padStart(6, '0')}`);

function image(url: string, file: PayloadFile | undefined, fileUrl: (name: string) => string, cls: string): string {
  const name = url.startsWith('attachment://') ? url.slice('attachment://'.length) : null;
  const src = name ? fileUrl(name) : url;
  const markers = file?.markers ? ` data-markers="${escapeHtml(JSON.stringify(file.markers))}"` : '';
  return `<img class="${cls}" src="${escapeHtml(src)}" alt="${escapeHtml(file?.description ?? '')}"${markers}>`;
}

function embed(e: APIEmbed, files: readonly PayloadFile[], fileUrl: (name: string) => string): string {
  const parts: string[] = [];
  if (e.author?.name) parts.push(`<div class="e-author">${escapeHtml(e.author.name)}</div>`);
  if (e.title) parts.push(`<div class="e-title">${inline(e.title)}</div>`);
  if (e.description) parts.push(`<div class="e-desc md">${markdown(e.description)}</div>`);
  if (e.fields?.length) {
    // Discord puts up to three inline fields side by side; a non-inline field takes the whole row.
    const cells = e.fields.map((f) => `<div class="e-field${f.inline ? ' inline' : ''}"><div class="e-fname">${inline(f.name)}</div><div class="e-fvalue md">${markdown(f.value)}</div></div>`);
    parts.push(`<div class="e-fields">${cells.join('')}</div>`);
  }
  if (e.image?.url) {
    const name = e.image.url.replace(/^attachment:\/\//, '');
    parts.push(image(e.image.url, files.find((f) => f.name === name), fileUrl, 'e-image'));
  }
  if (e.footer?.text) parts.push(`<div class="e-footer">${escapeHtml(e.footer.text)}</div>`);
  return `<div class="embed" style="border-left-color:${hex(e.color)}"><div class="e-grid">${parts.join('')}</div></div>`;
}

function buttonRow(row: APIActionRowComponent<GameButton>): string {
  const buttons = row.components.map((b) => {
    const emoji = b.emoji?.name ? `<span class="emoji">${escapeHtml(b.emoji.name)}</span>` : '';
    const label = b.label && b.label !== '\u200b' ? `<span class="label">${escapeHtml(b.label)}</span>` : '';
    const blank = !emoji && !label ? ' blank' : '';
    return `<button class="btn ${BUTTON_CLASS[b.style] ?? 'secondary'}${blank}"${b.disabled ? ' disabled' : ''} title="${escapeHtml(b.custom_id ?? b.url)}">${emoji}${label || (emoji ? '' : '\u200b')}</button>`;
  });
  return `<div class="row">${buttons.join('')}</div>`;
}

/** One message: avatar, name, content, embeds, loose attachments, buttons, and the ephemeral footer. */
export function messageHtml(m: PreviewMessage, fileUrl: (name: string) => string): string {
  const files = m.files ?? [];
  const { content, embeds = [], components = [] } = m.payload;
  const used = new Set(embeds.map((e) => e.image?.url?.replace(/^attachment:\/\//, '')).filter(Boolean));
  const loose = files.filter((f) => !used.has(f.name)).map((f) => image(`attachment://${f.name}`, f, fileUrl, 'attachment'));
  const body = [
    content ? `<div class="content md">${markdown(content)}</div>` : '',
    ...embeds.map((e) => embed(e, files, fileUrl)),
    ...loose,
    components.length ? `<div class="rows">${components.map(buttonRow).join('')}</div>` : '',
    m.ephemeral ? '<div class="eph"><span class="eye">👁</span> Only you can see this · <a>Dismiss message</a></div>' : '',
  ].join('');
  const caption = m.caption ? `<div class="caption"><span>${escapeHtml(m.caption)}</span></div>` : '';
  return `${caption}<article class="msg${m.ephemeral ? ' ephemeral' : ''}"><div class="avatar">⚔</div><div class="body"><div class="head"><span class="name">Channel Crawler</span><span class="tag">APP</span><span class="time">Today at 21:12</span></div>${body}</div></article>`;
}

function shell(title: string, body: string, bodyClass: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/style.css"><script src="/client.js" defer></script></head><body class="${bodyClass}">${body}</body></html>`;
}

/** A scene alone, laid out for whatever width its window has (phone layout at 480 px and below). */
export function scenePage(scene: Scene, fileUrl: FileUrl): string {
  const messages = scene.messages.map((m, i) => messageHtml(m, (name) => fileUrl(i, name))).join('');
  const sidebar = '<nav class="guilds"><div class="guild">CC</div></nav><nav class="channels"><div class="server">Channel Crawler</div><div class="channel"># general</div><div class="channel active"># dungeon</div></nav>';
  return shell(scene.title, `${sidebar}<main class="chat"><header class="topbar"># dungeon <span class="sub">${escapeHtml(scene.title)}</span></header><div class="messages">${messages}</div></main>`, 'scene');
}

/** The index: the scene list, and the chosen scene in one frame per width. */
export function indexPage(scenes: readonly Scene[], chosen: Scene, widths: readonly number[]): string {
  const list = scenes.map((s) => `<li${s === chosen ? ' class="active"' : ''}><a href="/?scene=${encodeURIComponent(s.id)}&width=${widths.join(',')}">${escapeHtml(s.title)}</a></li>`).join('');
  const frames = widths.map((w) => `<figure><figcaption>${w} px · <a href="/s/${encodeURIComponent(chosen.id)}" target="_blank">open</a></figcaption><iframe src="/s/${encodeURIComponent(chosen.id)}" width="${w}" height="1600" title="${w} px"></iframe></figure>`).join('');
  const switcher = [[360, 390, 412, 1280], [360], [390], [412], [1280]].map((ws) => `<a href="/?scene=${encodeURIComponent(chosen.id)}&width=${ws.join(',')}">${ws.join(' · ')}</a>`).join(' | ');
  return shell('Channel Crawler preview', `<aside class="index"><h1>Channel Crawler preview</h1><p class="widths">widths: ${switcher}</p><ul>${list}</ul></aside><section class="frames">${frames}</section>`, 'index');
}
