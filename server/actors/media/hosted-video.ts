/** The video sites whose addresses a video node takes as references: their pages play the video, nothing is downloaded. */
export type VideoSite = 'youtube' | 'vimeo';

/** A video on a video site: its id and the address of its embeddable player. */
export interface HostedVideo {
  readonly provider: VideoSite;
  readonly videoId: string;
  readonly url: string;
  readonly embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function youtubeId(url: URL, host: string): string | undefined {
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return segments[0];
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return undefined;
  if (segments[0] === 'watch') return url.searchParams.get('v') ?? undefined;
  return ['embed', 'shorts', 'live', 'v'].includes(segments[0]) ? segments[1] : undefined;
}

function vimeoId(url: URL, host: string): string | undefined {
  if (host === 'player.vimeo.com') return /^\/video\/(\d+)/.exec(url.pathname)?.[1];
  return host === 'vimeo.com' ? url.pathname.split('/').find((segment) => /^\d+$/.test(segment)) : undefined;
}

/** Why a text is not the address of a video on `site`, or undefined when it is one. */
export function hostedVideoProblem(site: VideoSite, text: string): string | undefined {
  const read = readHostedVideo(site, text);
  return typeof read === 'string' ? read : undefined;
}

function readHostedVideo(site: VideoSite, text: string): HostedVideo | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `'${text}' is not an absolute URL`;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  if (site === 'youtube') {
    const id = youtubeId(url, host);
    if (id === undefined || !YOUTUBE_ID.test(id))
      return `'${text}' is not the address of a YouTube video (youtube.com/watch?v=..., youtu.be/..., /embed/..., /shorts/...)`;
    return { provider: site, videoId: id, url: `https://www.youtube.com/watch?v=${id}`, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
  }
  const id = vimeoId(url, host);
  if (id === undefined) return `'${text}' is not the address of a Vimeo video (vimeo.com/<id> or player.vimeo.com/video/<id>)`;
  return { provider: site, videoId: id, url: `https://vimeo.com/${id}`, embedUrl: `https://player.vimeo.com/video/${id}` };
}

/**
 * Reads the address of a video on a video site into the video it names.
 * @throws Error naming what the address is not
 */
export function hostedVideo(site: VideoSite, text: string): HostedVideo {
  const read = readHostedVideo(site, text);
  if (typeof read === 'string') throw new Error(read);
  return read;
}
