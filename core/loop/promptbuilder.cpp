#include "core/loop/promptbuilder.h"

#include "core/engines/engineregistry.h"
#include "core/errors/valueredaction.h"
#include "core/llm/tokenestimate.h"

#include <QDir>
#include <QFile>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

QString readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QString cellText(const QVariant &cell)
{
    return cell.isNull() ? u"NULL"_s : cell.toString().left(80);
}

} // namespace

PromptBuilder::PromptBuilder(QString language, QString templateDir)
    : m_language(std::move(language)), m_templateDir(std::move(templateDir))
{
}

QString PromptBuilder::templateText(const QString &name) const
{
    QStringList candidates;
    const QString variant = name + u'_' + m_language + u".md"_s;
    const QString plain = name + u".md"_s;
    if (!m_templateDir.isEmpty()) {
        const QDir dir(m_templateDir);
        if (!m_language.isEmpty())
            candidates << dir.filePath(variant);
        candidates << dir.filePath(plain);
    }
    if (!m_language.isEmpty())
        candidates << u":/sqlmend/prompts/"_s + variant;
    candidates << u":/sqlmend/prompts/"_s + plain;
    for (const QString &path : std::as_const(candidates)) {
        if (QFile::exists(path))
            return readFile(path);
    }
    return {};
}

QString PromptBuilder::fill(QString text, const QList<QPair<QString, QString>> &values)
{
    // One pass, so that a value holding "{{...}}" (a question, an error) is never expanded.
    QString result;
    result.reserve(text.size());
    qsizetype at = 0;
    while (at < text.size()) {
        const qsizetype open = text.indexOf(u"{{"_s, at);
        if (open < 0)
            break;
        const qsizetype close = text.indexOf(u"}}"_s, open + 2);
        if (close < 0)
            break;
        result += QStringView(text).sliced(at, open - at);
        const QString key = text.mid(open + 2, close - open - 2);
        bool found = false;
        for (const auto &value : values) {
            if (value.first == key) {
                result += value.second;
                found = true;
                break;
            }
        }
        if (!found)
            result += QStringView(text).sliced(open, close + 2 - open);
        at = close + 2;
    }
    result += QStringView(text).sliced(at);
    return result;
}

QString PromptBuilder::withoutLinesHolding(const QString &text, QStringView placeholder)
{
    QStringList lines = text.split(u'\n');
    lines.removeIf([placeholder](const QString &line) { return line.contains(placeholder); });
    return lines.join(u'\n');
}

QString PromptBuilder::dialectNotes(Engine engine)
{
    const SqlEngine &dialect = EngineRegistry::forEngine(engine);
    QStringList notes;
    notes << u"- Limit rows with: %1"_s.arg(dialect.rowLimitClause(10));
    notes << dialect.promptNotes();
    return notes.join(u'\n');
}

QString PromptBuilder::adviceFor(const LoopAttempt &attempt)
{
    if (!attempt.advice.isEmpty())
        return attempt.advice;
    if (attempt.diagnosis)
        return attempt.diagnosis->advice.text();
    return attempt.reason;
}

QString PromptBuilder::turnText(const ConversationTurn &turn, bool summarised) const
{
    QString text = templateText(u"turn"_s);
    if (summarised || !turn.isAnswered()) {
        text = withoutLinesHolding(text, u"{{sql}}");
        text = withoutLinesHolding(text, u"{{columns}}");
    }
    if (summarised || turn.isAnswered())
        text = withoutLinesHolding(text, u"{{if_unanswered}}");
    return fill(text,
                {{u"number"_s, QString::number(turn.index + 1)},
                 {u"question"_s, turn.question.simplified()},
                 {u"sql"_s, u"```sql\n%1\n```"_s.arg(turn.finalSql.trimmed())},
                 {u"columns"_s, turn.columns.join(u", "_s)},
                 {u"if_unanswered"_s, QString()}})
            .trimmed();
}

FittedTurns PromptBuilder::fittedConversation(const PromptInput &input) const
{
    return TurnBudget::fit(input.conversation, input.conversationTokenBudget,
                           [this](const ConversationTurn &turn, bool summarised) {
                               return TokenEstimate::forText(turnText(turn, summarised));
                           });
}

QString PromptBuilder::conversationText(const PromptInput &input) const
{
    if (input.conversation.isEmpty())
        return {};
    const FittedTurns fitted = fittedConversation(input);
    if (fitted.entries.isEmpty())
        return {};
    QStringList entries;
    for (const FittedTurns::Entry &entry : fitted.entries)
        entries << turnText(entry.turn, entry.summarised);
    return fill(templateText(u"conversation"_s), {{u"turns"_s, entries.join(u'\n')}});
}

QString PromptBuilder::systemText(const PromptInput &input) const
{
    const QString dialect = engineDisplayName(input.engine);
    return fill(templateText(u"system"_s), {{u"dialect"_s, dialect}}).trimmed();
}

QString PromptBuilder::userText(const PromptInput &input) const
{
    QString examples;
    if (!input.examples.isEmpty()) {
        QStringList lines;
        for (const PromptExample &example : input.examples) {
            // A follow-up's example reads as the chain of questions it answered.
            QStringList chain;
            for (const QString &earlier : example.context)
                chain << earlier.simplified();
            chain << example.question.simplified();
            lines << u"Q: %1\n```sql\n%2\n```"_s.arg(chain.join(u" \u2192 "_s),
                                                     example.sql.trimmed());
        }
        examples = fill(templateText(u"examples"_s), {{u"examples"_s, lines.join(u'\n')}});
    }
    QString samples;
    if (input.samples && !input.samples->isEmpty()) {
        QStringList lines;
        for (const TableSample &sample : *input.samples) {
            lines << u"%1 (%2):"_s.arg(sample.table, sample.columns.join(u", "_s));
            for (const QVariantList &row : sample.rows) {
                QStringList cells;
                for (const QVariant &cell : row)
                    cells << cellText(cell);
                lines << u"  "_s + cells.join(u" | "_s);
            }
        }
        samples = fill(templateText(u"samples"_s), {{u"samples"_s, lines.join(u'\n')}});
    }
    QString text = fill(templateText(u"question"_s),
                        {{u"dialect"_s, engineDisplayName(input.engine)},
                         {u"dialect_notes"_s, dialectNotes(input.engine)},
                         {u"schema"_s, input.schemaText},
                         {u"examples"_s, examples},
                         {u"samples"_s, samples},
                         {u"conversation"_s, conversationText(input)},
                         {u"question"_s, input.question.trimmed()}});
    if (!input.history.isEmpty()) {
        // The label before {{advice}} is translated with the template, so the whole line goes.
        const QString attemptTemplate = m_includeAdvice
                ? templateText(u"attempt"_s)
                : withoutLinesHolding(templateText(u"attempt"_s), u"{{advice}}");
        QStringList entries;
        for (const LoopAttempt &attempt : input.history) {
            const QString className = attempt.errorClassName();
            // Literals from the data stay out of the prompt unless sample values are on.
            const auto shown = [&](const QString &text) {
                if (input.sampleValues)
                    return text;
                QStringList values;
                if (attempt.diagnosis)
                    values.append(attempt.diagnosis->classification.match.capture(Capture::Value));
                return ValueRedaction::redact(text, attempt.sql, input.schemaText, values);
            };
            entries << fill(attemptTemplate,
                            {{u"number"_s, QString::number(attempt.index + 1)},
                             {u"origin"_s, attemptOriginName(attempt.origin)},
                             {u"sql"_s, attempt.sql.isEmpty() ? u"(none)"_s : attempt.sql},
                             {u"outcome"_s, attemptOutcomeName(attempt.outcome)},
                             {u"class"_s, className.isEmpty() ? u"(none)"_s : className},
                             {u"root_cause"_s, shown(attempt.rootCause())},
                             {u"advice"_s, shown(adviceFor(attempt))}})
                               .trimmed();
        }
        QStringList tried;
        for (const QString &sql : input.triedSql)
            tried << u"- "_s + sql.simplified();
        // A line of the correction template that starts with {{if_advice}} speaks of the advice,
        // and goes with it.
        const QString correctionTemplate = m_includeAdvice
                ? templateText(u"correction"_s)
                : withoutLinesHolding(templateText(u"correction"_s), u"{{if_advice}}");
        text += fill(correctionTemplate,
                     {{u"history"_s, entries.join(u"\n\n"_s)},
                      {u"tried"_s, tried.isEmpty() ? u"(none)"_s : tried.join(u'\n')},
                      {u"if_advice"_s, QString()}});
    }
    return text.trimmed();
}

ChatRequest PromptBuilder::build(const PromptInput &input) const
{
    ChatRequest request;
    request.messages = {{ChatRole::System, systemText(input)}, {ChatRole::User, userText(input)}};
    request.temperature = 0.0;
    request.question = input.question.trimmed();
    return request;
}

} // namespace sqlmend::core
