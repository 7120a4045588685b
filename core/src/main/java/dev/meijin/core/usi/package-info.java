/** USI move text ({@code 7g7f}, {@code 8h2b+}, {@code P*5e}). Depends on core and core.position. */
package dev.meijin.core.usi;
