# RED as the validation cases configure it in ns-2.35, every variable set (ns-default.tcl's 2.35
# defaults differ: bytes_ and queue_in_bytes_ true, thresh_ 0 and q_weight_ -1 automatic, use_mark_p_ true):
# Floyd and Jacobson's RED in packets, the parameters of ACC's reading (docs/results-acc.md).
# Aspen's side: {kind: red, min_th: 5, max_th: 15, max_p: 0.1, w_q: 0.002, gentle: true, mean_packet_size: 1000}.
Queue/RED set bytes_ false
Queue/RED set queue_in_bytes_ false
Queue/RED set thresh_ 5
Queue/RED set maxthresh_ 15
Queue/RED set q_weight_ 0.002
Queue/RED set linterm_ 10
Queue/RED set use_mark_p_ false
Queue/RED set gentle_ true
Queue/RED set wait_ true
Queue/RED set setbit_ false
Queue/RED set mean_pktsize_ 1000
Queue/RED set adaptive_ 0
