import Testing

@testable import RondoScenarios

@Suite struct StreamPropertiesTests {
    private static let properties = ["media.role": "phone", "media.name": #"a "call" \ now"#]

    /// `PULSE_PROP` quotes every value as libpulse's proplist parser reads it: quotes and
    /// backslashes escaped, pairs apart by spaces, names in order.
    @Test func pulseQuotesEveryValue() {
        #expect(StreamProperties.pulse(Self.properties) == #"media.name="a \"call\" \\ now" media.role="phone""#)
        #expect(StreamProperties.pulse([:]) == "")
    }

    /// `PIPEWIRE_PROPS` is an SPA-JSON object with quoted names and escaped values.
    @Test func pipeWireIsAnObject() {
        #expect(
            StreamProperties.pipeWire(Self.properties)
                == #"{ "media.name" = "a \"call\" \\ now" "media.role" = "phone" }"#)
        #expect(StreamProperties.pipeWire([:]) == "{ }")
    }
}
