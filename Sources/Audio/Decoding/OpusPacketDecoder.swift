import COpus

/// Decodes the packets of an Ogg Opus file's one- and two-channel links for libopusfile
/// (its decode callback), with a plain Opus decoder instead of libopusfile's multistream one.
///
/// libopus's multistream decoder works out the size of its inner decoders on every packet,
/// and each time runs the CPU-feature probe (`cpuid`), which a virtual machine traps: on a VM
/// that was half the decoding time of a file. A plain decoder probes once, when it is made,
/// and gives the same samples. Links with more channels, or other channel mappings, are left
/// to libopusfile (`OP_DEC_USE_DEFAULT`).
///
/// A packet that does not follow the one before (granule positions not contiguous, the last
/// packet's trimmed end aside: a seek, a hole, another link) starts from a fresh decoder state, as libopusfile's own decoder is
/// reset then; one that follows keeps the state, as libopusfile's would.
///
/// Owned by its ``OpusDecoder`` and used only on the thread that calls into libopusfile.
final class OpusPacketDecoder {
    /// The file whose link headers say each link's channels and output gain; set once the
    /// file is open, before anything is decoded.
    var file: OpaquePointer?
    private var decoder: OpaquePointer?
    private var link: Int32 = -1
    private var channels: Int32 = 0
    /// The granule position the last packet decoded ended at.
    private var endOfLastPacket: Int64 = -1

    deinit {
        if let decoder { opus_decoder_destroy(decoder) }
    }

    /// Decodes `packet` of link `link` into `pcm` (`samples` frames of `channels` floats):
    /// 0 when done, `OP_DEC_USE_DEFAULT` for libopusfile to decode it, or a libopus error.
    func decode(
        _ packet: UnsafePointer<ogg_packet>, into pcm: UnsafeMutableRawPointer, samples: Int32, channels: Int32, format: Int32,
        link: Int32
    ) -> Int32 {
        guard format == OP_DEC_FORMAT_FLOAT, channels == 1 || channels == 2, let file, let head = op_head(file, link),
            head.pointee.mapping_family == 0, Int32(head.pointee.channel_count) == channels
        else { return OP_DEC_USE_DEFAULT }
        let end = Int64(packet.pointee.granulepos)
        let start = end - Int64(samples)
        // The last packet's granule position is where the stream ends, short of its samples.
        let trimmedLast = packet.pointee.e_o_s != 0 && start < endOfLastPacket && endOfLastPacket < end
        let follows = link == self.link && channels == self.channels && (start == endOfLastPacket || trimmedLast)
        guard let decoder = follows ? decoder : freshDecoder(for: link, channels: channels, gain: head.pointee.output_gain) else {
            return OP_DEC_USE_DEFAULT
        }
        let decoded = opus_decode_float(
            decoder, packet.pointee.packet, opus_int32(packet.pointee.bytes), pcm.assumingMemoryBound(to: Float.self), samples, 0)
        guard decoded == samples else {
            endOfLastPacket = -1
            return decoded < 0 ? decoded : OPUS_INVALID_PACKET
        }
        endOfLastPacket = end
        return 0
    }

    /// A decoder in its initial state for `link`, with the link's output gain.
    private func freshDecoder(for link: Int32, channels: Int32, gain: Int32) -> OpaquePointer? {
        if let decoder { opus_decoder_destroy(decoder) }
        decoder = nil
        self.link = -1
        var status: Int32 = 0
        guard let made = opus_decoder_create(48_000, channels, &status), status == OPUS_OK else { return nil }
        guard rondo_opus_decoder_set_gain(made, gain) == OPUS_OK else {
            opus_decoder_destroy(made)
            return nil
        }
        decoder = made
        self.link = link
        self.channels = channels
        return made
    }
}

/// libopusfile's decode callback: finds its ``OpusPacketDecoder`` through the context pointer.
func opusDecodePacket(
    _ context: UnsafeMutableRawPointer?, _ multistream: OpaquePointer?, _ pcm: UnsafeMutableRawPointer?,
    _ packet: UnsafePointer<ogg_packet>?, _ samples: Int32, _ channels: Int32, _ format: Int32, _ link: Int32
) -> Int32 {
    guard let context, let pcm, let packet else { return OP_DEC_USE_DEFAULT }
    return Unmanaged<OpusPacketDecoder>.fromOpaque(context).takeUnretainedValue()
        .decode(packet, into: pcm, samples: samples, channels: channels, format: format, link: link)
}
