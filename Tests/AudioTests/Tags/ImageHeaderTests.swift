import Testing

@testable import Audio

/// ``ImageHeader`` and ``EmbeddedPicture``: format and pixel size from the first bytes.
struct ImageHeaderTests {
    /// PNG, baseline and progressive JPEG and GIF headers give their format and size.
    @Test func readsFormatAndSize() throws {
        let cases: [([UInt8], ImageHeader.Format, Int, Int)] = [
            (TestImages.png(width: 2, height: 3), .png, 2, 3),
            (TestImages.jpeg(width: 5, height: 4), .jpeg, 5, 4),
            (TestImages.jpeg(width: 700, height: 300, marker: 0xC2), .jpeg, 700, 300),
            (Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0, 0, 0], .gif, 320, 240),
        ]
        for (bytes, format, width, height) in cases {
            #expect(ImageHeader.format(of: bytes) == format)
            let size = try #require(ImageHeader.size(of: bytes))
            #expect(size.width == width && size.height == height, "\(format)")
        }
    }

    /// WebP's three first chunks: a lossy key frame and a lossless image as libwebp writes
    /// them (40×30, through ffmpeg), and an extended canvas.
    @Test func readsWebPSizes() throws {
        let lossy: [UInt8] = [82, 73, 70, 70, 78, 0, 0, 0, 87, 69, 66, 80, 86, 80, 56, 32, 66, 0, 0, 0, 80, 3, 0, 157, 1, 42, 40, 0, 30, 0]
        let lossless: [UInt8] = [
            82, 73, 70, 70, 28, 0, 0, 0, 87, 69, 66, 80, 86, 80, 56, 76, 15, 0, 0, 0, 47, 39, 64, 7, 0, 7, 16, 245, 143, 254,
        ]
        let extended: [UInt8] =
            Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + [0x3F, 0x01, 0x00, 0xDF, 0x00, 0x00]
        for (bytes, width, height) in [(lossy, 40, 30), (lossless, 40, 30), (extended, 320, 224)] {
            #expect(ImageHeader.format(of: bytes) == .webp)
            let size = try #require(ImageHeader.size(of: bytes))
            #expect(size.width == width && size.height == height)
        }
        #expect(EmbeddedPicture(data: lossy).mimeType == "image/webp")
        #expect(EmbeddedPicture(data: lossy).fileExtension == "webp")
    }

    /// Segments before the frame header (APP, DQT, DHT, fill bytes) are skipped.
    @Test func skipsJPEGSegmentsBeforeTheFrame() throws {
        let jpeg = TestImages.jpeg(width: 10, height: 20)
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x08] + Array("Exif".utf8) + [0, 0]
        let table: [UInt8] = [0xFF, 0xC4, 0x00, 0x14, 0x01, 1] + [UInt8](repeating: 0, count: 15) + [0]
        let bytes = Array(jpeg.prefix(2)) + exif + [0xFF] + table + jpeg.dropFirst(2)
        let size = try #require(ImageHeader.size(of: bytes))
        #expect(size.width == 10 && size.height == 20)
    }

    /// Truncated, malformed, zero-sized and unknown images have no size.
    @Test func rejectsWhatItCannotMeasure() {
        let jpeg = TestImages.jpeg(width: 5, height: 4)
        let sof = jpeg.firstIndex(of: 0xC0)!
        for bytes in [
            [], Array(TestImages.png(width: 2, height: 3).prefix(20)), Array(jpeg.prefix(sof + 4)),
            [0xFF, 0xD8, 0xFF, 0xDA, 0, 2], [0xFF, 0xD8, 0xFF, 0xE0, 0, 0], TestImages.jpeg(width: 0, height: 4),
            Array("RIFF....WEBPVP8 ".utf8),
        ] {
            #expect(ImageHeader.size(of: bytes) == nil, "\(bytes)")
        }
    }

    /// The MIME type comes from the bytes; the declared one only for unknown formats, and
    /// only when it looks like a MIME type.
    @Test func picturesTakeTheirTypeFromTheirBytes() {
        let jpeg = TestImages.jpeg(width: 5, height: 4)
        #expect(EmbeddedPicture(data: jpeg, declaredMimeType: "image/jpg").mimeType == "image/jpeg")
        #expect(EmbeddedPicture(data: jpeg, declaredMimeType: "PNG").mimeType == "image/jpeg")
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        #expect(EmbeddedPicture(data: tiff, declaredMimeType: "Image/TIFF").mimeType == "image/tiff")
        #expect(EmbeddedPicture(data: tiff, declaredMimeType: "TIF").mimeType == nil)
        #expect(EmbeddedPicture(data: tiff).fileExtension == nil)
        #expect(EmbeddedPicture(data: tiff).width == nil)
    }
}
