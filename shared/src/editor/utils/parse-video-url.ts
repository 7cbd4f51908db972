// Video hosts the editor embeds; any other URL is refused rather than framed.
export type VideoProvider = 'youtube' | 'vimeo';

// A video reduced to what an embed needs: never the URL the user typed.
export interface VideoRef {
  provider: VideoProvider;
  id: string;
  // Vimeo's privacy hash of unlisted videos.
  hash?: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_PATH_PREFIXES = new Set(['embed', 'shorts', 'live', 'v']);

function parseYouTube(url: URL, host: string): VideoRef | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (YOUTUBE_PATH_PREFIXES.has(segments[0] ?? '')) id = segments[1];
  }
  return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
}

function parseVimeo(url: URL, host: string): VideoRef | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  let hash: string | undefined;
  if (host === 'player.vimeo.com') {
    if (segments[0] !== 'video') return null;
    id = segments[1];
    hash = url.searchParams.get('h') ?? undefined;
  } else if (host === 'vimeo.com') {
    // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123, vimeo.com/groups/x/videos/123
    const index = segments.findIndex((segment) => VIMEO_ID.test(segment));
    if (index < 0) return null;
    id = segments[index];
    hash = segments[index + 1] ?? url.searchParams.get('h') ?? undefined;
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  return hash && VIMEO_HASH.test(hash) ? { provider: 'vimeo', id, hash } : { provider: 'vimeo', id };
}

// Reads a YouTube or Vimeo address (watch, short, embed or player form); null for anything else.
export function parseVideoUrl(input: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return parseYouTube(url, host) ?? parseVimeo(url, host);
}

// The iframe source for a video, built only from its validated id.
export function videoEmbedUrl(video: VideoRef): string {
  if (video.provider === 'youtube') return `https://www.youtube.com/embed/${encodeURIComponent(video.id)}`;
  const hash = video.hash ? `?h=${encodeURIComponent(video.hash)}` : '';
  return `https://player.vimeo.com/video/${encodeURIComponent(video.id)}${hash}`;
}

// The page a video lives on, for the plain-text form of the document.
export function videoPageUrl(video: VideoRef): string {
  return video.provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${video.id}`
    : `https://vimeo.com/${video.id}${video.hash ? `/${video.hash}` : ''}`;
}
