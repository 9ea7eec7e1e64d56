/// <reference types="vite/client" />
/**
 * The studio page: `/studio.html?token=<t>`, served by the bridge. Connects to
 * `/ws/studio` on the same host with the page's token. `#author` opens Author mode, `#runs` the run folders, `#fork&run=…&trajectory=…&step=k`
 * continues a run folder's episode from step k in Author mode (the run viewer's link).
 */
import '@fontsource/noto-sans-sc/400.css';
import './studio/theme.css';
import { mount } from 'svelte';
import Studio from './studio/Studio.svelte';
import { StudioClient, newStudioDeviceId } from './studio/studioClient.svelte.ts';
import { studioSocketUrl, webSocketTransport } from './studio/wsTransport.ts';

const token = new URLSearchParams(location.search).get('token') ?? '';

const client = new StudioClient({
  openTransport: () => webSocketTransport(new WebSocket(studioSocketUrl(location, token))),
  // A fresh id per page load: a reloaded or duplicated tab never collides with a phone still registered.
  authorDeviceId: newStudioDeviceId(),
});
const fork = location.hash.startsWith('#fork&') ? new URLSearchParams(location.hash.slice(1)) : null;
if (location.hash === '#author') client.setMode('author');
else if (location.hash === '#runs') client.setMode('runs');
client.connect();
// The run viewer's "Continue in the studio": #fork&run=<folder>&trajectory=trajectory/<name>&step=<k>
if (fork) void client.forkEpisode({ run: { folder: fork.get('run') ?? '', trajectory: fork.get('trajectory') ?? '' } }, Math.max(0, Math.trunc(Number(fork.get('step'))) || 0));

mount(Studio, { target: document.getElementById('app')!, props: { client, token } });
