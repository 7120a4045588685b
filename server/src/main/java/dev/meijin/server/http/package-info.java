/** The HTTP API: create, join, read and list games, download records, read the lobby. Handlers only parse and delegate. */
package dev.meijin.server.http;
