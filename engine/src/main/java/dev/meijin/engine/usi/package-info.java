/**
 * The USI protocol over the {@link dev.meijin.engine.Engine} API: {@link dev.meijin.engine.usi.UsiProtocol} reads
 * GUI commands line by line and writes only protocol to its output; errors in the input become
 * {@code info string} lines.
 */
package dev.meijin.engine.usi;
