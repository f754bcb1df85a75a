/**
 * The AA test harness: {@link org.aspen.aatest.AaSimulation} runs an AA's jar on simulated nodes
 * with Aspen's execution environment, in virtual time, for the AA's unit tests. Used at test scope
 * only (it brings the whole EE); the AA itself compiles against the AA API ({@code org.aspen.ee.api}).
 */
package org.aspen.aatest;
