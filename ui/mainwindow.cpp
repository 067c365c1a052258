#include "ui/mainwindow.h"

#include <QLabel>

namespace sqlmend::ui {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("SQLMend"));
    auto *placeholder = new QLabel(tr("SQLMend"), this);
    placeholder->setAlignment(Qt::AlignCenter);
    setCentralWidget(placeholder);
    resize(1100, 720);
}

MainWindow::~MainWindow() = default;

} // namespace sqlmend::ui
