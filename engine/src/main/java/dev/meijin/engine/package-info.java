/**
 * The USI engine: a plain Java API (position, non-blocking search, stop, listeners, options) and the USI text
 * protocol on top of it. Depends on {@code core} and {@code mate}; never on {@code notation} or {@code server}.
 */
package dev.meijin.engine;
