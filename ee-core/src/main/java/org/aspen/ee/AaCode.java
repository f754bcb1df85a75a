package org.aspen.ee;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;

/**
 * An AA's code: the exact jar bytes, their SHA-256 digest, the manifest's AA attributes and the
 * jar's entries (read once, so class loading never touches the jar again).
 *
 * <pre>{@code
 * AaCode code = AaCode.parse(Files.readAllBytes(jarPath), null);
 * code.name(); code.version(); code.digestHex();
 * }</pre>
 *
 * The classes are kept as {@link AaInstrumenter} rewrote them (budget checks inside the AA's code);
 * the jar bytes, their digest and what the code cache serves stay as they came.
 *
 * Manifest attributes: {@code Aa-Name} (1-64 bytes), {@code Aa-Version} (1-32 bytes),
 * {@code Aa-Entry} (the class implementing {@code ActiveApplication}), {@code Aa-Description}
 * (optional).
 */
public final class AaCode {
    public static final String ATTR_NAME = "Aa-Name";
    public static final String ATTR_VERSION = "Aa-Version";
    public static final String ATTR_ENTRY = "Aa-Entry";
    public static final String ATTR_DESCRIPTION = "Aa-Description";
    /** Most bytes all of a jar's entries may unpack to (the jar itself is limited by EeConfig.maxJarBytes). */
    public static final long MAX_UNPACKED_BYTES = 64L << 20;

    private final byte[] jar;
    private final byte[] digest;
    private final byte[] signature;
    private final String name;
    private final String version;
    private final String entryClass;
    private final String description;
    private final Map<String, byte[]> classes;
    private final Map<String, byte[]> resources;
    private final boolean allowListed;

    private AaCode(byte[] jar, byte[] digest, byte[] signature, Attributes a, Map<String, byte[]> classes,
                   Map<String, byte[]> resources, boolean allowListed) {
        this.allowListed = allowListed;
        this.jar = jar;
        this.digest = digest;
        this.signature = signature;
        this.name = a.getValue(ATTR_NAME);
        this.version = a.getValue(ATTR_VERSION);
        this.entryClass = a.getValue(ATTR_ENTRY);
        String d = a.getValue(ATTR_DESCRIPTION);
        this.description = d == null ? "" : d;
        this.classes = classes;
        this.resources = resources;
    }

    /**
     * Reads a jar. {@code signature} (may be null) is an Ed25519 signature over the digest, checked
     * later by the trust policy.
     *
     * @throws AaException naming what is wrong (not a jar, missing manifest attribute, entry class
     *                     absent, a class that is not valid bytecode, that references something not on
     *                     the AA allow-list ({@link AaAllowList}) or that calls a blocking JDK method)
     */
    public static AaCode parse(byte[] jar, byte[] signature) {
        return parse(jar, signature, true);
    }

    /**
     * {@code allowList} false skips the allow-list (never the blocking check): only for the EE's
     * own tests of the defences beneath it (watchdog, class-loader isolation), which need code the
     * list refuses; see {@link ExecutionEnvironment#skipAllowListForTests()}.
     */
    static AaCode parse(byte[] jar, byte[] signature, boolean allowList) {
        byte[] digest = sha256(jar);
        Map<String, byte[]> classes = new HashMap<>();
        Map<String, byte[]> resources = new HashMap<>();
        Manifest mf;
        long unpacked = 0;
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(jar), false)) {
            mf = in.getManifest();
            JarEntry e;
            while ((e = in.getNextJarEntry()) != null) {
                if (e.isDirectory()) {
                    continue;
                }
                byte[] bytes = readBounded(in, MAX_UNPACKED_BYTES - unpacked);
                unpacked += bytes.length;
                String n = e.getName();
                if (n.endsWith(".class")) {
                    classes.put(n.substring(0, n.length() - 6).replace('/', '.'), bytes);
                } else {
                    resources.put(n, bytes);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new AaException("not a readable AA jar: " + e.getMessage());
        }
        if (mf == null) {
            throw new AaException("AA jar has no manifest (needs " + ATTR_NAME + ", " + ATTR_VERSION + ", " + ATTR_ENTRY + ")");
        }
        Attributes a = mf.getMainAttributes();
        checkLength(a, ATTR_NAME, 64);
        checkLength(a, ATTR_VERSION, 32);
        String entry = a.getValue(ATTR_ENTRY);
        if (entry == null || !classes.containsKey(entry)) {
            throw new AaException("AA jar's " + ATTR_ENTRY + " '" + entry + "' is not a class in the jar");
        }
        // every class, method and field the code references must be on the allow-list (AaAllowList)
        String refused = allowList ? AaAllowList.refusal(AaAllowList.read(classes)) : null;
        if (refused != null) {
            throw new AaException(refused);
        }
        // budget checks in the AA's own code; code that would block the node's loop is refused here
        classes.replaceAll(AaInstrumenter::instrument);
        return new AaCode(jar, digest, signature == null ? null : signature.clone(), a, classes, resources, allowList);
    }

    /**
     * Reads the current entry, refusing more than {@code limit} bytes: a small deflated jar can
     * otherwise inflate to gigabytes and take the node down (a "zip bomb").
     */
    private static byte[] readBounded(InputStream in, long limit) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] chunk = new byte[8192];
        long total = 0;
        int n;
        while ((n = in.read(chunk)) > 0) {
            total += n;
            if (total > limit) {
                throw new AaException("AA jar unpacks to more than " + MAX_UNPACKED_BYTES + " bytes");
            }
            out.write(chunk, 0, n);
        }
        return out.toByteArray();
    }

    private static void checkLength(Attributes a, String attr, int max) {
        String v = a.getValue(attr);
        int n = v == null ? 0 : v.getBytes(StandardCharsets.UTF_8).length;
        if (n < 1 || n > max) {
            throw new AaException("AA manifest attribute " + attr + " must be 1-" + max + " bytes, got '" + v + "'");
        }
    }

    public static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    public static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    public String name() {
        return name;
    }

    public String version() {
        return version;
    }

    /** {@code name@version}: the AA's identity on a node. */
    public String id() {
        return name + "@" + version;
    }

    public String entryClass() {
        return entryClass;
    }

    public String description() {
        return description;
    }

    public byte[] jar() {
        return jar;
    }

    public byte[] digest() {
        return digest.clone();
    }

    public String digestHex() {
        return hex(digest);
    }

    /** Ed25519 signature over the digest, or null. */
    public byte[] signature() {
        return signature == null ? null : signature.clone();
    }

    /** The same code with another (or no) detached signature. */
    public AaCode withSignature(byte[] sig) {
        return parse(jar, sig, allowListed);
    }

    byte[] classBytes(String binaryName) {
        return classes.get(binaryName);
    }

    byte[] resource(String path) {
        return resources.get(path);
    }

    @Override
    public String toString() {
        return id() + "#" + digestHex().substring(0, 12);
    }
}
