#pragma once

#include <QString>
#include <QStringView>

#include <algorithm>
#include <array>
#include <memory>

namespace sqlmend::core {

// One match of a TextPattern: self-contained (the offsets are copied out of the matcher), so it
// stays valid while other patterns match. Groups past MaxGroups read as not captured.
class TextMatch
{
public:
    static constexpr int MaxGroups = 128;

    TextMatch() { } // NOLINT: the offsets past m_groups are never read
    // Copies only the groups that are set: a match is passed around by value.
    TextMatch(const TextMatch &other) { *this = other; }
    TextMatch &operator=(const TextMatch &other)
    {
        m_subject = other.m_subject;
        m_matched = other.m_matched;
        m_groups = other.m_groups;
        std::copy_n(other.m_offsets.begin(), size_t(m_groups) * 2, m_offsets.begin());
        return *this;
    }

    bool hasMatch() const { return m_matched; }
    bool hasCaptured(int group) const { return capturedStart(group) >= 0; }
    qsizetype capturedStart(int group = 0) const
    {
        return isSet(group) ? m_offsets[size_t(group) * 2] : -1;
    }
    qsizetype capturedEnd(int group = 0) const
    {
        return isSet(group) ? m_offsets[size_t(group) * 2 + 1] : -1;
    }
    qsizetype capturedLength(int group = 0) const
    {
        return hasCaptured(group) ? capturedEnd(group) - capturedStart(group) : 0;
    }
    QStringView capturedView(int group = 0) const
    {
        return hasCaptured(group) ? m_subject.sliced(capturedStart(group), capturedLength(group))
                                  : QStringView();
    }
    QString captured(int group = 0) const { return capturedView(group).toString(); }

private:
    friend class TextPattern;
    bool isSet(int group) const
    {
        return m_matched && group >= 0 && group < m_groups && group < MaxGroups;
    }

    QStringView m_subject;
    bool m_matched = false;
    int m_groups = 0;
    std::array<qsizetype, MaxGroups * 2> m_offsets; // the first m_groups pairs are set
};

// A regular expression matched through PCRE2 directly, the library QRegularExpression wraps,
// for the error pipeline's hot paths: the match data is the thread's own and reused, so a match
// allocates nothing (QRegularExpression allocates its match object and PCRE2's match data on
// every call, which cost more than the match itself on a short message). The pattern is
// compiled when made (so errors and group names are known); the JIT code is made on first
// use, once, from whichever thread comes first. Patterns are Perl-compatible as in
// QRegularExpression (UTF-16, Unicode case folding); a subject with invalid UTF-16 matches
// nothing.
class TextPattern
{
public:
    enum Option {
        NoOption = 0,
        CaseInsensitive = 1,
        Multiline = 2,
    };

    explicit TextPattern(const QString &pattern, int options = NoOption);
    ~TextPattern();
    TextPattern(TextPattern &&) noexcept;
    TextPattern &operator=(TextPattern &&) noexcept;

    bool isValid() const;
    QString errorString() const;
    const QString &pattern() const;
    // The number of the group called name, or -1; how many capturing groups there are.
    int groupNumber(QStringView name) const;
    int captureCount() const;

    // The first match in subject at or after offset (what comes before it still counts for
    // \b and look-behind; ^ without Multiline is the subject's start only).
    TextMatch match(QStringView subject, qsizetype offset = 0) const;

private:
    struct Compiled;
    std::unique_ptr<Compiled> d;
};

} // namespace sqlmend::core
