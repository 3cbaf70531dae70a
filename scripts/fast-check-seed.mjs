import fc from 'fast-check';

/**
 * Property tests run on a fixed seed, so a run of the suite is repeatable and CI never meets a
 * new counterexample by chance; `FC_SEED=random` explores new inputs (and prints the seed of a
 * failure, which `FC_SEED=<seed>` replays). A counterexample found that way becomes a unit test.
 */
const seed = process.env.FC_SEED;
if (seed !== 'random') fc.configureGlobal({ seed: seed === undefined ? 20_261_125 : Number(seed) });
