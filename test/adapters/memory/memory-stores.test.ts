import { describe } from 'vitest';
import { memoryKit } from '../../app/fixtures.js';
import { storeContract } from '../../app/store-contract.js';

describe('memory stores', () => storeContract(memoryKit));
