#include "ui/sqleditor.h"

#include "core/sql/sqltokenizer.h"
#include "ui/sqlhighlighter.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QScrollBar>
#include <QSet>
#include <QStringListModel>
#include <QTextBlock>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

constexpr int autoPopupLength = 2;
// Completion reads this much text around the cursor for aliases; a huge script stays quick.
constexpr int aliasWindow = 20000;

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_' || c == u'$';
}

// Words after which a name is not an alias.
bool endsTableReference(const core::SqlToken &token)
{
    static const QSet<QString> words = {
            u"where"_s,   u"join"_s,  u"inner"_s,   u"left"_s,      u"right"_s,   u"full"_s,
            u"outer"_s,   u"cross"_s, u"on"_s,      u"using"_s,     u"group"_s,   u"order"_s,
            u"having"_s,  u"limit"_s, u"union"_s,   u"except"_s,    u"natural"_s, u"window"_s,
            u"offset"_s,  u"fetch"_s, u"lateral"_s, u"intersect"_s, u"select"_s,  u"as"_s,
            u"qualify"_s, u"for"_s};
    return token.kind == core::SqlTokenKind::Word && words.contains(token.name.toLower());
}

} // namespace

SqlEditor::SqlEditor(QWidget *parent) : QPlainTextEdit(parent)
{
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = new SqlHighlighter(document());
    m_words = new QStringListModel(this);
    m_completer = new QCompleter(m_words, this);
    m_completer->setWidget(this);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setFilterMode(Qt::MatchStartsWith);
    m_completer->setModelSorting(QCompleter::UnsortedModel);
    m_completer->setMaxVisibleItems(12);
    m_completer->popup()->setObjectName(u"completionPopup"_s);
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this,
            &SqlEditor::insertCompletion);
}

SqlEditor::~SqlEditor() = default;

void SqlEditor::setNamesProvider(NamesProvider provider)
{
    m_provider = std::move(provider);
}

QHash<QString, QString> SqlEditor::aliases(QStringView text, core::Engine engine)
{
    QHash<QString, QString> result;
    const core::SqlTokenizer tokenizer(engine);
    const QList<core::SqlToken> tokens = tokenizer.tokenize(text);
    qsizetype i = 0;
    while (i < tokens.size()) {
        const core::SqlToken &token = tokens.at(i);
        if (!token.isWord(u"from") && !token.isWord(u"join")) {
            ++i;
            continue;
        }
        const bool fromList = token.isWord(u"from");
        ++i;
        for (;;) {
            // schema.table: the last part names the table.
            if (i >= tokens.size() || !tokens.at(i).isIdentifier()
                || endsTableReference(tokens.at(i)))
                break;
            QString table = tokens.at(i).name;
            ++i;
            while (i + 1 < tokens.size() && tokens.at(i).kind == core::SqlTokenKind::Dot
                   && tokens.at(i + 1).isIdentifier()) {
                table = tokens.at(i + 1).name;
                i += 2;
            }
            result.insert(table.toLower(), table);
            if (i < tokens.size() && tokens.at(i).isWord(u"as"))
                ++i;
            if (i < tokens.size() && tokens.at(i).isIdentifier()
                && !endsTableReference(tokens.at(i))) {
                result.insert(tokens.at(i).name.toLower(), table);
                ++i;
            }
            if (fromList && i < tokens.size() && tokens.at(i).kind == core::SqlTokenKind::Comma) {
                ++i;
                continue;
            }
            break;
        }
    }
    return result;
}

SqlEditor::Context SqlEditor::contextAtCursor() const
{
    const QTextCursor cursor = textCursor();
    const QString line = cursor.block().text();
    const int column = cursor.positionInBlock();
    int start = column;
    while (start > 0 && isWordChar(line.at(start - 1)))
        --start;
    Context context;
    context.prefix = line.mid(start, column - start);
    if (start > 0 && line.at(start - 1) == u'.') {
        int qualifierStart = start - 1;
        while (qualifierStart > 0
               && (isWordChar(line.at(qualifierStart - 1)) || line.at(qualifierStart - 1) == u'"'))
            --qualifierStart;
        context.qualifier = line.mid(qualifierStart, start - 1 - qualifierStart);
        context.qualifier.remove(u'"');
    }
    return context;
}

QString SqlEditor::completionPrefix() const
{
    return contextAtCursor().prefix;
}

QStringList SqlEditor::candidates(const Context &context) const
{
    std::shared_ptr<const core::SchemaNames> names =
            m_provider ? m_provider() : std::shared_ptr<const core::SchemaNames>();

    const int position = textCursor().position();
    const QString text = toPlainText();
    const qsizetype from = std::max(0, position - aliasWindow);
    const QHash<QString, QString> aliasMap =
            aliases(QStringView(text).mid(from, 2 * aliasWindow), m_engine);

    QStringList words;
    QSet<QString> seen;
    const auto add = [&](const QString &word) {
        if (!word.isEmpty() && !seen.contains(word)) {
            seen.insert(word);
            words.append(word);
        }
    };
    if (!context.qualifier.isEmpty()) {
        if (!names)
            return words;
        const QString table = aliasMap.value(context.qualifier.toLower(), context.qualifier);
        if (const core::SchemaNames::Table *found = names->findTable(table)) {
            for (const QString &column : found->columns)
                add(column);
        }
        // A schema's tables after "schema.".
        for (const core::SchemaNames::Table &entry : names->tables) {
            if (entry.schema.compare(context.qualifier, Qt::CaseInsensitive) == 0)
                add(entry.name);
        }
        return words;
    }
    // Columns of the tables the statement reads come first, then aliases, tables, keywords.
    if (names) {
        QSet<QString> used;
        for (const QString &table : aliasMap)
            used.insert(table.toLower());
        for (const core::SchemaNames::Table &entry : names->tables) {
            if (used.contains(entry.name.toLower())) {
                for (const QString &column : entry.columns)
                    add(column);
            }
        }
    }
    for (auto it = aliasMap.cbegin(); it != aliasMap.cend(); ++it) {
        if (it.key() != it.value().toLower())
            add(it.key());
    }
    if (names) {
        for (const core::SchemaNames::Table &entry : names->tables)
            add(entry.name);
        for (const core::SchemaNames::Table &entry : names->tables) {
            for (const QString &column : entry.columns)
                add(column);
        }
    }
    // Keywords in the letter case being typed.
    const bool upper = !context.prefix.isEmpty() && context.prefix.at(0).isUpper();
    for (const QString &keyword : SqlHighlighter::keywordList())
        add(upper ? keyword.toUpper() : keyword);
    return words;
}

QStringList SqlEditor::completions() const
{
    const Context context = contextAtCursor();
    QStringList result;
    for (const QString &word : candidates(context)) {
        if (word.startsWith(context.prefix, Qt::CaseInsensitive))
            result.append(word);
    }
    return result;
}

void SqlEditor::complete()
{
    showPopup(true);
}

void SqlEditor::showPopup(bool explicitRequest)
{
    const Context context = contextAtCursor();
    if (!explicitRequest && context.qualifier.isEmpty()
        && context.prefix.size() < autoPopupLength) {
        m_completer->popup()->hide();
        return;
    }
    if (m_provider) {
        const std::shared_ptr<const core::SchemaNames> names = m_provider();
        if (!names || names->tables.isEmpty())
            Q_EMIT namesWanted();
    }
    m_words->setStringList(candidates(context));
    m_completer->setCompletionPrefix(context.prefix);
    const int count = m_completer->completionCount();
    if (count == 0
        || (count == 1 && !explicitRequest
            && m_completer->currentCompletion().compare(context.prefix, Qt::CaseInsensitive)
                    == 0)) {
        m_completer->popup()->hide();
        return;
    }
    m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    QRect rect = cursorRect();
    rect.setWidth(m_completer->popup()->sizeHintForColumn(0)
                  + m_completer->popup()->verticalScrollBar()->sizeHint().width());
    m_completer->complete(rect);
}

void SqlEditor::insertCompletion(const QString &completion)
{
    QTextCursor cursor = textCursor();
    const int prefix = int(contextAtCursor().prefix.size());
    cursor.beginEditBlock();
    cursor.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, prefix);
    cursor.insertText(completion);
    cursor.endEditBlock();
    setTextCursor(cursor);
}

void SqlEditor::keyPressEvent(QKeyEvent *event)
{
    if (m_completer->popup()->isVisible()) {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Tab:
        case Qt::Key_Backtab:
        case Qt::Key_Escape:
            if (!(event->modifiers() & Qt::ControlModifier)) {
                event->ignore(); // the completer takes these
                return;
            }
            break;
        default:
            break;
        }
    }
    if (event->key() == Qt::Key_Space && (event->modifiers() & Qt::ControlModifier)) {
        complete();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
    const QString typed = event->text();
    if (typed.isEmpty() || (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
        if (event->key() != Qt::Key_Backspace)
            m_completer->popup()->hide();
        return;
    }
    const QChar last = typed.back();
    if (isWordChar(last) || last == u'.' || event->key() == Qt::Key_Backspace)
        showPopup(false);
    else
        m_completer->popup()->hide();
}

void SqlEditor::focusInEvent(QFocusEvent *event)
{
    m_completer->setWidget(this);
    QPlainTextEdit::focusInEvent(event);
}

} // namespace sqlmend::ui
