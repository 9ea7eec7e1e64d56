import { sweepPart } from './sweepSuites.ts';

sweepPart(1, 2);
