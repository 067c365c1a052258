#include "core/cases/questiontrace.h"

#include <array>

namespace sqlmend::core {

namespace {

template<typename Enum, std::size_t N>
QString nameOf(const std::array<std::pair<Enum, const char16_t *>, N> &table, Enum value)
{
    for (const auto &[entry, name] : table) {
        if (entry == value)
            return QString::fromUtf16(name);
    }
    return {};
}

template<typename Enum, std::size_t N>
std::optional<Enum> valueOf(const std::array<std::pair<Enum, const char16_t *>, N> &table,
                            QStringView name)
{
    for (const auto &[entry, entryName] : table) {
        if (name == QStringView(entryName))
            return entry;
    }
    return std::nullopt;
}

constexpr std::array<std::pair<QuestionStatus, const char16_t *>, 5> statusNames{{
        {QuestionStatus::Ok, u"ok"},
        {QuestionStatus::Failed, u"failed"},
        {QuestionStatus::Terminal, u"terminal"},
        {QuestionStatus::Cancelled, u"cancelled"},
        {QuestionStatus::Timeout, u"timeout"},
}};

constexpr std::array<std::pair<AttemptOrigin, const char16_t *>, 4> originNames{{
        {AttemptOrigin::Llm, u"llm"},
        {AttemptOrigin::Cache, u"cache"},
        {AttemptOrigin::Autofix, u"autofix"},
        {AttemptOrigin::User, u"user"},
}};

constexpr std::array<std::pair<AttemptOutcome, const char16_t *>, 7> outcomeNames{{
        {AttemptOutcome::Ok, u"ok"},
        {AttemptOutcome::Empty, u"empty"},
        {AttemptOutcome::Error, u"error"},
        {AttemptOutcome::Blocked, u"blocked"},
        {AttemptOutcome::Timeout, u"timeout"},
        {AttemptOutcome::Cancelled, u"cancelled"},
        {AttemptOutcome::Doubtful, u"doubtful"},
}};

} // namespace

QString questionStatusName(QuestionStatus status)
{
    return nameOf(statusNames, status);
}

std::optional<QuestionStatus> questionStatusFromName(QStringView name)
{
    return valueOf(statusNames, name);
}

QString attemptOriginName(AttemptOrigin origin)
{
    return nameOf(originNames, origin);
}

std::optional<AttemptOrigin> attemptOriginFromName(QStringView name)
{
    return valueOf(originNames, name);
}

QString attemptOutcomeName(AttemptOutcome outcome)
{
    return nameOf(outcomeNames, outcome);
}

std::optional<AttemptOutcome> attemptOutcomeFromName(QStringView name)
{
    return valueOf(outcomeNames, name);
}

} // namespace sqlmend::core
