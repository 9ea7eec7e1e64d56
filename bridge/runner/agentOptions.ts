/**
 * What a registered agent is built with, from the run's config: the env's coordinate mapping for
 * every agent, and the model settings for model-driven ones. The API key is not here: agents read
 * it from the environment variable the config names, so it never enters a file.
 */
import type { AgentFactoryOptions } from '../agents/types.ts';
import type { Env } from '../env/types.ts';
import { APP_IDS } from '../../simulator-apps/catalog.ts';
import type { RunConfig } from './config.ts';

export function agentOptions(config: RunConfig, env: Env, log?: (line: string) => void): AgentFactoryOptions {
  return {
    coordsFromCss: env.coordsFromCss,
    coords: config.coords,
    screenshotScale: config.screenshotScale,
    modelName: config.modelName,
    baseUrl: config.baseUrl ?? undefined,
    apiKeyEnv: config.apiKeyEnv,
    temperature: config.temperature,
    maxTokens: config.maxTokens,
    observation: config.observation,
    imageDetail: config.imageDetail,
    format: config.agentFormat,
    priceIn: config.priceIn,
    priceOut: config.priceOut,
    timeoutS: config.modelTimeout,
    retries: config.modelRetries,
    trajectory: config.replay,
    connectTimeoutS: config.agentConnectTimeout,
    turnTimeoutS: config.agentTurnTimeout,
    apps: [...APP_IDS],
    log,
  };
}
