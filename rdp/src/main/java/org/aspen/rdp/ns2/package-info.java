/**
 * ns-2.35's TCP agents as RDP sending modes: {@link org.aspen.rdp.ns2.Ns2Reno} (Agent/TCP/Reno),
 * {@link org.aspen.rdp.ns2.Ns2NewReno} (Agent/TCP/Newreno), their timer ({@link org.aspen.rdp.ns2.Ns2Rtt})
 * and variables ({@link org.aspen.rdp.ns2.Ns2Params}), written from ns-2.35's {@code tcp/} sources and
 * cited by file and line. See docs/rdp.md, "ns-2.35 agents".
 */
package org.aspen.rdp.ns2;
