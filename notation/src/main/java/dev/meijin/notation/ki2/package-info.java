/**
 * KI2 records ({@code ▲７六歩　△３四歩}): {@link dev.meijin.notation.ki2.Ki2Reader} and {@link
 * dev.meijin.notation.ki2.Ki2Writer}. KI2 shares everything but its move lines with KIF, so both are thin
 * front ends to the Kakinoki reader and writer of {@code dev.meijin.notation.kif} in their KI2 dialect.
 *
 * <p>Depends on {@code dev.meijin.notation.kif}, {@code .kifu}, {@code .move} and core; must not depend on the
 * other format packages.
 */
package dev.meijin.notation.ki2;
