/**
 * Static evaluation. {@link dev.meijin.engine.eval.Evaluator} is the interface the search calls, with hooks around
 * every move so that an incrementally updated evaluation (an NNUE-style network) can replace the hand-made
 * {@link dev.meijin.engine.eval.ShogiEvaluator}. The hand-made evaluation is linear in its
 * {@link dev.meijin.engine.eval.Features features}, so {@link dev.meijin.engine.eval.Tuner} fits its weights to
 * game results by logistic regression (Texel tuning). Depends on {@code core} only.
 */
package dev.meijin.engine.eval;
