import { describe, inject } from 'vitest';
import { roundsAcrossProcesses } from './rounds-suite.js';

describe('real Redis', () => roundsAcrossProcesses(() => inject('redisUrl')));
