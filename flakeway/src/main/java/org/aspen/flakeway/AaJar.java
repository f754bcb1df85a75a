package org.aspen.flakeway;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Packs an AA that lives on the class path (a bundled AA) into the jar an EE runs: its entry class
 * and every class it can reach, found by reading the constant pools, except the JDK and the AA API
 * (which the AA's class loader takes from the node). Entries are sorted and time-stamped 0, so the
 * same build always gives the same digest.
 *
 * <pre>{@code
 * byte[] jar = AaJar.build(FlakewayAa.class, "flakeway", "1.0", "netem-style impairments");
 * }</pre>
 */
final class AaJar {
    /** Internal names in a constant pool: whole class names and the L...; types inside descriptors. */
    private static final Pattern NAME = Pattern.compile("^[A-Za-z_$][\\w$]*(/[\\w$]+)+$");
    private static final Pattern IN_DESCRIPTOR = Pattern.compile("L([\\w$]+(/[\\w$]+)+);");

    private AaJar() {
    }

    static byte[] build(Class<?> entry, String name, String version, String description) {
        ClassLoader loader = entry.getClassLoader();
        Map<String, byte[]> classes = new TreeMap<>();
        Deque<String> todo = new ArrayDeque<>();
        todo.add(entry.getName().replace('.', '/'));
        while (!todo.isEmpty()) {
            String n = todo.poll();
            if (classes.containsKey(n) || provided(n)) {
                continue;
            }
            byte[] bytes = read(loader, n + ".class");
            if (bytes == null) {
                continue;       // not a class on this path (a string that looked like a name)
            }
            classes.put(n, bytes);
            for (String s : utf8Constants(bytes)) {
                if (NAME.matcher(s).matches()) {
                    todo.add(s);
                }
                Matcher m = IN_DESCRIPTOR.matcher(s);
                while (m.find()) {
                    todo.add(m.group(1));
                }
            }
        }
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Aa-Name", name);
        a.putValue("Aa-Version", version);
        a.putValue("Aa-Entry", entry.getName());
        a.putValue("Aa-Description", description);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(out)) {
            put(jar, "META-INF/MANIFEST.MF", manifestBytes(mf));
            for (Map.Entry<String, byte[]> e : classes.entrySet()) {
                put(jar, e.getKey() + ".class", e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** What the AA's class loader takes from elsewhere: the JDK and the AA API. */
    private static boolean provided(String n) {
        return n.startsWith("java/") || n.startsWith("javax/") || n.startsWith("jdk/") || n.startsWith("sun/")
                || n.startsWith("org/aspen/ee/api/");
    }

    private static byte[] manifestBytes(Manifest mf) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        mf.write(b);
        return b.toByteArray();
    }

    private static void put(JarOutputStream jar, String path, byte[] bytes) throws IOException {
        JarEntry e = new JarEntry(path);
        e.setTime(0);
        jar.putNextEntry(e);
        jar.write(bytes);
        jar.closeEntry();
    }

    private static byte[] read(ClassLoader loader, String path) {
        try (InputStream in = loader.getResourceAsStream(path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + " for the AA jar", e);
        }
    }

    /** The CONSTANT_Utf8 entries of a class file (JVMS 4.4). */
    static java.util.List<String> utf8Constants(byte[] classFile) {
        java.util.List<String> out = new java.util.ArrayList<>();
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(classFile))) {
            in.skipBytes(8);                        // magic, minor, major
            int count = in.readUnsignedShort();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> out.add(in.readUTF());
                    case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                    case 15 -> in.skipBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                    case 5, 6 -> {
                        in.skipBytes(8);
                        i++;                        // takes two slots
                    }
                    default -> throw new IllegalStateException("unknown constant pool tag " + tag);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
