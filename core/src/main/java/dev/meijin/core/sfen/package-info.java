/** SFEN text: parsing into a {@code Setup}, validation into a {@code Position}, and formatting. Depends on core and core.position only. */
package dev.meijin.core.sfen;
