// Prints the ACNS experiment's start times for seeds FIRST..LAST, one line per seed:
//   SEED T1 T2 T3 U1 U2 U3
// (the TCP flows #1-#3 and the constant-rate flows, s), as AcnsSites.start moves the paper's times,
// for tools/acns-ns2.sh. Run with the jar on the class path:
//   java -cp cli/target/aspen.jar tools/acns-ns2-starts.java 1 10
import java.util.Locale;
import org.aspen.experiments.acns.AcnsSites;
import org.aspen.vnet.time.Seeds;

public class AcnsNs2Starts {
    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: java -cp aspen.jar tools/acns-ns2-starts.java FIRST_SEED LAST_SEED");
            System.exit(2);
        }
        String[] names = {"tcp1", "tcp2", "tcp3", "udp1", "udp2", "udp3"};
        double[] paper = {0.1, 15.1, 30.1, 0.1, 20.1, 40.1};   // Tables 5 and 6
        for (long s = Long.parseLong(args[0]); s <= Long.parseLong(args[1]); s++) {
            StringBuilder b = new StringBuilder(Long.toString(s));
            for (int i = 0; i < names.length; i++) {
                // AcnsSites.start: offset uniform in [-50 ms, +50 ms), the stream "acns-start"/name of the seed
                double offset = (Seeds.stream(s, "acns-start", names[i]).nextDouble() - 0.5) * AcnsSites.JITTER_NANOS;
                b.append(String.format(Locale.ROOT, " %.6f", paper[i] + offset / 1e9));
            }
            System.out.println(b);
        }
    }
}
