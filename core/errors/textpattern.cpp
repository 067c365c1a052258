#include "core/errors/textpattern.h"

#define PCRE2_CODE_UNIT_WIDTH 16
#include <pcre2.h>

#include <mutex>

namespace sqlmend::core {

namespace {

// The thread's match data, big enough for every pattern's groups (TextMatch::MaxGroups).
pcre2_match_data_16 *threadMatchData()
{
    struct Holder
    {
        pcre2_match_data_16 *data = pcre2_match_data_create_16(TextMatch::MaxGroups, nullptr);
        ~Holder() { pcre2_match_data_free_16(data); }
    };
    thread_local Holder holder;
    return holder.data;
}

QString pcreMessage(int code)
{
    PCRE2_UCHAR16 buffer[256];
    const int length = pcre2_get_error_message_16(code, buffer, 256);
    return length > 0 ? QString(reinterpret_cast<const QChar *>(buffer), length) : QString();
}

} // namespace

struct TextPattern::Compiled
{
    QString pattern;
    pcre2_code_16 *code = nullptr;
    QString error;
    std::once_flag jit;

    ~Compiled() { pcre2_code_free_16(code); }
};

TextPattern::TextPattern(const QString &pattern, int options) : d(std::make_unique<Compiled>())
{
    d->pattern = pattern;
    quint32 flags = PCRE2_UTF;
    if (options & CaseInsensitive)
        flags |= PCRE2_CASELESS;
    if (options & Multiline)
        flags |= PCRE2_MULTILINE;
    int errorCode = 0;
    PCRE2_SIZE errorOffset = 0;
    d->code =
            pcre2_compile_16(reinterpret_cast<PCRE2_SPTR16>(pattern.utf16()),
                             PCRE2_SIZE(pattern.size()), flags, &errorCode, &errorOffset, nullptr);
    if (!d->code)
        d->error = pcreMessage(errorCode) + QStringLiteral(" at offset ")
                + QString::number(errorOffset);
}

TextPattern::~TextPattern() = default;
TextPattern::TextPattern(TextPattern &&) noexcept = default;
TextPattern &TextPattern::operator=(TextPattern &&) noexcept = default;

bool TextPattern::isValid() const
{
    return d->code != nullptr;
}

QString TextPattern::errorString() const
{
    return d->error;
}

const QString &TextPattern::pattern() const
{
    return d->pattern;
}

int TextPattern::groupNumber(QStringView name) const
{
    if (!d->code || name.isEmpty())
        return -1;
    const QString terminated = name.toString(); // zero-terminated for PCRE2
    const int number = pcre2_substring_number_from_name_16(
            d->code, reinterpret_cast<PCRE2_SPTR16>(terminated.utf16()));
    return number > 0 ? number : -1;
}

int TextPattern::captureCount() const
{
    uint32_t count = 0;
    if (!d->code || pcre2_pattern_info_16(d->code, PCRE2_INFO_CAPTURECOUNT, &count) != 0)
        return 0;
    return int(count);
}

TextMatch TextPattern::match(QStringView subject, qsizetype offset) const
{
    TextMatch result;
    result.m_subject = subject;
    if (!d->code || offset < 0 || offset > subject.size())
        return result;
    // Without JIT (a platform without it) pcre2_match interprets; the result is the same.
    std::call_once(d->jit, [this] { pcre2_jit_compile_16(d->code, PCRE2_JIT_COMPLETE); });
    pcre2_match_data_16 *data = threadMatchData();
    // The empty view of a null string has no data pointer; PCRE2 wants one.
    static const char16_t empty[1] = {0};
    const PCRE2_SPTR16 text = subject.isEmpty() ? reinterpret_cast<PCRE2_SPTR16>(empty)
                                                : reinterpret_cast<PCRE2_SPTR16>(subject.utf16());
    const PCRE2_SIZE length = PCRE2_SIZE(subject.size());
    const PCRE2_SIZE start = PCRE2_SIZE(offset);
    int rc = pcre2_match_16(d->code, text, length, start, 0, data, nullptr);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT) // a deep match: the interpreter's heap frames
        rc = pcre2_match_16(d->code, text, length, start, PCRE2_NO_JIT, data, nullptr);
    if (rc < 0)
        return result; // no match, or a subject PCRE2 refuses (invalid UTF-16)
    const int groups = rc == 0 ? TextMatch::MaxGroups : rc;
    const PCRE2_SIZE *ovector = pcre2_get_ovector_pointer_16(data);
    result.m_matched = true;
    result.m_groups = groups;
    for (int i = 0; i < groups; ++i) {
        const PCRE2_SIZE start = ovector[2 * i];
        const PCRE2_SIZE end = ovector[2 * i + 1];
        const bool unset = start == PCRE2_UNSET;
        result.m_offsets[size_t(i) * 2] = unset ? -1 : qsizetype(start);
        result.m_offsets[size_t(i) * 2 + 1] = unset ? -1 : qsizetype(end);
    }
    return result;
}

} // namespace sqlmend::core
