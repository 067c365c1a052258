#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace sqlmend::ui {

// Colours SQL keywords, strings, quoted names, numbers and comments, from the palette so that dark
// themes stay readable. Block comments may span lines.
class SqlHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT

public:
    static constexpr qsizetype maxHighlightedBlock = 20000;

    explicit SqlHighlighter(QTextDocument *document);

    // Rebuilds the formats from the application palette (after a theme change).
    void updateFormats();

    // The keywords it colours, in lower case; completion offers them too.
    static QStringList keywordList();

protected:
    void highlightBlock(const QString &text) override;

private:
    enum BlockState { Normal = 0, InBlockComment = 1, InString = 2 };

    QTextCharFormat m_keyword;
    QTextCharFormat m_string;
    QTextCharFormat m_number;
    QTextCharFormat m_comment;
    QTextCharFormat m_identifier;
};

} // namespace sqlmend::ui
