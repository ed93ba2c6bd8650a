public import TagReading

extension MPG123TagReader {
    /// Reads the tags of the file at `path` for a library scan, checking first what the file
    /// is (``MP3Probe``), so that every refusal says why and no oversized tag is ever loaded.
    ///
    /// Never decodes audio: the duration comes from the Xing/Info header, or from the file
    /// size and the first frame's bit rate. The cover is kept only when the tag has one.
    /// Safe to call from several threads at once.
    /// - Throws: ``TagReadFailure`` saying why the file cannot be part of the library.
    public func scanTags(at path: String) throws(TagReadFailure) -> FileTags {
        let hasChapterMarks = try MP3Probe.check(path)
        var tags = try decodedTags(at: path)
        tags.hasChapterMarks = hasChapterMarks
        return tags
    }

    private func decodedTags(at path: String) throws(TagReadFailure) -> FileTags {
        do {
            return tags(of: try MPG123Decoder(path: path, keepingPictures: true))
        } catch .decodeFailed {
            // The probe found MPEG frames, so a decoder that finds none met a read error
            // (seen once under load as libmpg123's "Error reading the stream"): it is tried
            // once more before the file is listed as unreadable.
            do {
                return tags(of: try MPG123Decoder(path: path, keepingPictures: true))
            } catch .decodeFailed(_, let reason) {
                throw .unreadable(reason: reason)
            } catch {
                throw .unreadable(reason: error.description)
            }
        } catch {
            throw .unreadable(reason: error.description)
        }
    }
}
