/**
 * Rules for reading text from outside that every reader shares: whole numbers in ASCII digits
 * ({@link dev.meijin.core.text.AsciiNumbers}). Depends on nothing.
 */
package dev.meijin.core.text;
