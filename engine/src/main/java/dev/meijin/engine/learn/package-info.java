/**
 * Learning the evaluation from data: {@link dev.meijin.engine.learn.GenSfen} plays node-limited self-play games
 * from random openings and writes their quiet positions with the game result; {@link dev.meijin.engine.learn.Tuner}
 * fits the weights of the linear evaluation to those results (Texel tuning).
 */
package dev.meijin.engine.learn;
