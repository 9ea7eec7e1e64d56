import { sweepPart } from './sweepSuites.ts';

sweepPart(0, 2);
