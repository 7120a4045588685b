/**
 * The HTTP API: create, join, read and list games, download records, read the lobby, analyse games and pasted
 * records, solve mate problems. Handlers only parse and delegate.
 */
package dev.meijin.server.http;
