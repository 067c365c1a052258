#include "ui/notedialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

NoteDialog::NoteDialog(const QString &table, const QString &column, const QString &catalogComment,
                       const core::BusinessNote *note, QWidget *parent)
    : QDialog(parent), m_table(table), m_column(column)
{
    setObjectName(u"noteDialog"_s);
    const QString target = column.isEmpty() ? table : u"%1.%2"_s.arg(table, column);
    setWindowTitle(column.isEmpty() ? tr("Note on Table %1").arg(target)
                                    : tr("Note on Column %1").arg(target));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("What this name means, in your words. The model sees the note "
                                "next to the name, and a question using a synonym links it."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    m_description = new QPlainTextEdit(this);
    m_description->setAccessibleName(tr("Description"));
    m_description->setTabChangesFocus(true);
    m_description->setFixedHeight(m_description->fontMetrics().lineSpacing() * 5
                                  + 2 * m_description->frameWidth() + 8);
    m_description->setPlaceholderText(tr("e.g. One row per checkout; cancelled ones are kept"));
    m_synonyms = new QLineEdit(this);
    m_synonyms->setAccessibleName(tr("Synonyms"));
    m_synonyms->setPlaceholderText(tr("other words for it, separated by commas"));
    m_values = new QLineEdit(this);
    m_values->setAccessibleName(tr("Allowed values"));
    m_values->setPlaceholderText(tr("the values it takes, separated by commas"));
    m_formula = new QLineEdit(this);
    m_formula->setAccessibleName(tr("Formula"));
    m_formula->setPlaceholderText(tr("for a business measure, e.g. sum(total) where paid"));
    form->addRow(tr("&Description:"), m_description);
    form->addRow(tr("&Synonyms:"), m_synonyms);
    form->addRow(tr("Allowed &values:"), m_values);
    form->addRow(tr("&Formula:"), m_formula);
    layout->addLayout(form);

    if (!catalogComment.trimmed().isEmpty()) {
        auto *comment = new QLabel(tr("Database comment: %1").arg(catalogComment), this);
        comment->setObjectName(u"catalogComment"_s);
        comment->setWordWrap(true);
        comment->setTextInteractionFlags(Qt::TextSelectableByMouse);
        comment->setForegroundRole(QPalette::PlaceholderText);
        layout->addWidget(comment);
    }

    if (note) {
        m_description->setPlainText(note->description);
        m_synonyms->setText(note->synonyms.join(u", "_s));
        m_values->setText(note->allowedValues.join(u", "_s));
        m_formula->setText(note->formula);
    } else {
        m_description->setPlainText(catalogComment); // the comment is where a note starts
    }

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(sizeHint().expandedTo(QSize(fontMetrics().horizontalAdvance(u'x') * 60, 0)));
}

QStringList NoteDialog::splitList(const QString &text)
{
    QStringList values;
    for (const QString &part : text.split(u',')) {
        const QString value = part.simplified();
        if (!value.isEmpty() && !values.contains(value, Qt::CaseInsensitive))
            values.append(value);
    }
    return values;
}

core::BusinessNote NoteDialog::note() const
{
    core::BusinessNote result;
    result.table = m_table;
    result.column = m_column;
    result.description = m_description->toPlainText().trimmed();
    result.synonyms = splitList(m_synonyms->text());
    result.allowedValues = splitList(m_values->text());
    result.formula = m_formula->text().trimmed();
    return result;
}

} // namespace sqlmend::ui
