/** Tests of the engine pool. */
package dev.meijin.server.engine;
