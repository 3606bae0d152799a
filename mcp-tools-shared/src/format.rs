//! The JSON Schema `format`s: accepted by `#[param(format = "…")]`, checked by the runtime.

/// One row per format: variant, name, and how an error message describes a valid value.
macro_rules! formats {
    ($($variant:ident => $name:literal, $describe:literal;)*) => {
        /// A `format` the runtime checks.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Format {
            $(
                #[doc = concat!("`", $name, "`: ", $describe, ".")]
                $variant,
            )*
        }

        impl Format {
            /// Every format, in the order help lines list them.
            pub const ALL: &[Format] = &[$(Format::$variant),*];

            /// The name as JSON Schema writes it (`date-time`).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(Format::$variant => $name,)*
                }
            }

            /// The format named `name`, if it is one of ours.
            #[must_use]
            pub fn from_name(name: &str) -> Option<Format> {
                match name {
                    $($name => Some(Format::$variant),)*
                    _ => None,
                }
            }

            /// A valid value in words, for error messages ("a date, like 2026-05-01").
            #[must_use]
            pub const fn describe(self) -> &'static str {
                match self {
                    $(Format::$variant => $describe,)*
                }
            }
        }
    };
}

formats! {
    DateTime => "date-time", "an RFC 3339 timestamp with a UTC offset, like 2026-05-01T14:30:00Z";
    Date => "date", "a date, like 2026-05-01";
    Time => "time", "a time with a UTC offset, like 14:30:00Z";
    Email => "email", "an email address";
    Uri => "uri", "an absolute URI, like https://example.com/path";
    Uuid => "uuid", "a UUID, like 123e4567-e89b-12d3-a456-426614174000";
    Ipv4 => "ipv4", "an IPv4 address, like 192.0.2.1";
    Ipv6 => "ipv6", "an IPv6 address, like 2001:db8::1";
    Hostname => "hostname", "a hostname, like api.example.com";
}

#[cfg(test)]
mod tests {
    use super::Format;

    #[test]
    fn names_round_trip() {
        assert_eq!(Format::ALL.len(), 9);
        for format in Format::ALL {
            assert_eq!(Format::from_name(format.name()), Some(*format));
        }
        assert_eq!(Format::from_name("datetime"), None);
        assert_eq!(Format::DateTime.name(), "date-time");
    }
}
